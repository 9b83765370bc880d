import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// The worker is CommonJS source: it runs from dist and from the tests' TypeScript alike.
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage(String(err));
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * WAL checkpoints on a thread of their own: copying the WAL into the database and syncing it
 * takes milliseconds, which SQLite would otherwise spend inside whichever request's commit crossed
 * the threshold. PASSIVE: it never waits for, nor blocks, the server's readers and writers.
 */
export function startCheckpointer(
  path: string,
  onStop: () => void,
  everyMs = 1000,
): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { driver, path, everyMs } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (problem: string) => process.emitWarning(`WAL checkpoint: ${problem}`));
  // A worker that fails (cannot open the file, say) must not take the server down with it; the
  // server then checkpoints on its own again (`onStop`).
  worker.on('error', (err) => process.emitWarning(`WAL checkpointer stopped: ${err.message}`));
  void exited.then(onStop);
  return {
    stop: async () => {
      // Held while it stops: an unreferenced worker would let the process end mid-close.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
