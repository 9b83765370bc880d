import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// The worker is CommonJS source: it runs from dist and from the tests' TypeScript alike.
const source = `
const { fdatasyncSync, openSync, closeSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = 1000');
const file = openSync(workerData.path, 'r');
let timer;
function checkpoint() {
  try {
    // Commits made while it copied are not in its count: whenever the WAL held frames, ask.
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    // SQLite syncs the database only after a complete checkpoint; sync this copy here, so the
    // server's catch-up syncs only its own few pages.
    fdatasyncSync(file);
    if (log > 0) parentPort.postMessage({ copied: true });
  } catch (err) {
    parentPort.postMessage({ problem: String(err) });
  }
  // The next one starts a full interval after this one ends: never while the server catches up.
  timer = setTimeout(checkpoint, workerData.everyMs);
}
timer = setTimeout(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearTimeout(timer);
  closeSync(file);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointerEvents {
  /** The thread has ended: the server must checkpoint by itself again. */
  onStop: () => void;
  /** A checkpoint copied frames; others may have been committed meanwhile (see below). */
  onCopied: () => void;
}

/**
 * WAL checkpoints on a thread of their own: copying the WAL into the database and syncing it
 * takes milliseconds, which SQLite would otherwise spend inside whichever request's commit crossed
 * the threshold. PASSIVE: it never waits for, nor blocks, the server's readers and writers.
 *
 * SQLite writes the WAL from its start again only once a checkpoint has copied all of it. Under
 * a sustained load some commit always lands while the thread copies, so the WAL would grow
 * without end; `onCopied` lets the server copy the few frames left, between its own commits.
 */
export function startCheckpointer(
  path: string,
  events: CheckpointerEvents,
  everyMs = 1000,
): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { driver, path, everyMs } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { copied?: true; problem?: string }) => {
    if (message.problem) process.emitWarning(`WAL checkpoint: ${message.problem}`);
    else events.onCopied();
  });
  // A worker that fails (cannot open the file, say) must not take the server down with it; the
  // server then checkpoints on its own again (`onStop`).
  worker.on('error', (err) => process.emitWarning(`WAL checkpointer stopped: ${err.message}`));
  void exited.then(events.onStop);
  return {
    stop: async () => {
      // Held while it stops: an unreferenced worker would let the process end mid-close.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * Copies, on the server's own connection, the frames that the thread's checkpoint left behind.
 * The event loop is the only writer: nothing commits meanwhile, so the checkpoint is complete and
 * the next commit writes the WAL from its start. Inside a transaction it waits for the next call.
 */
export function checkpointRest(sqlite: SQLite.Database): void {
  if (!sqlite.open || sqlite.inTransaction) return;
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    process.emitWarning(`WAL checkpoint: ${String(err)}`);
  }
}
