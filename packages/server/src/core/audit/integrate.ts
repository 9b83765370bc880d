import { auditEntry, checkpointBody, emptyRoot, leafHash } from '@svc/wire';
import type { Clock } from '../clock.js';
import type { Db } from '../store/index.js';
import {
  findNodes,
  insertNodes,
  lockLog,
  logsWithPending,
  pendingEvents,
  setLeafIndex,
  updateLog,
} from './audit-repo.js';
import type { CheckpointKey } from './checkpoint-key.js';
import { appendLeaves, piecesOf, rangeHash, type Nodes } from './tree.js';
import { eventView } from './view.js';

/** Events appended to one log per transaction. */
const batch = 256;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** A log's nodes by key, decoded. */
export async function readNodes(db: Db, logId: string, keys: Parameters<typeof findNodes>[2]) {
  const found = await findNodes(db, logId, keys);
  return new Map([...found].map(([key, hash]) => [key, bytes(hash)])) as Map<string, Uint8Array>;
}

/** A log's root at `size`, from its nodes. */
export function rootOf(size: number, nodes: Nodes): Uint8Array {
  return size === 0 ? emptyRoot() : rangeHash([0, size], nodes);
}

/**
 * Appends a log's pending events to its tree and signs the new checkpoint, in one transaction
 * that holds the log's head: instances on one PostgreSQL database take turns, so a log's leaf
 * order is one. Answers how many events it appended.
 */
export async function integrateLog(
  db: Db,
  key: CheckpointKey,
  clock: Clock,
  logId: string,
): Promise<number> {
  // Loaded before the transaction: the key may come from the store, which a held SQLite
  // transaction (its one connection) would block.
  await key.load();
  return db.transaction().execute(async (tx) => {
    const now = clock.now().toISOString();
    const head = await lockLog(tx, logId, {
      size: 0,
      root_hash: b64(emptyRoot()),
      checkpoint: '',
      updated_at: now,
    });
    const events = await pendingEvents(tx, logId, batch);
    if (events.length === 0) return 0;
    const nodes = await readNodes(tx, logId, piecesOf([0, head.size]));
    const leaves = events.map((e, i) => leafHash(auditEntry(eventView(e, head.size + i))));
    const added = appendLeaves(head.size, leaves, nodes);
    for (const [i, event] of events.entries()) await setLeafIndex(tx, event.id, head.size + i);
    await insertNodes(
      tx,
      logId,
      added.map((n) => ({ level: n.level, idx: n.idx, hash: b64(n.hash) })),
    );
    const size = head.size + events.length;
    const root = rootOf(size, nodes);
    const origin = await key.originOf(logId);
    const checkpoint = await key.sign(checkpointBody({ origin, size, root }));
    await updateLog(tx, logId, { size, root_hash: b64(root), checkpoint, updated_at: now });
    return events.length;
  });
}

/**
 * One pass of the integrator loop: every log with pending events, one after another, each on its
 * own (a log that fails is reported and the others still run).
 */
export async function integratePending(
  db: Db,
  key: CheckpointKey,
  clock: Clock,
  onFailure: (logId: string, err: unknown) => void,
): Promise<number> {
  let appended = 0;
  for (const logId of await logsWithPending(db, 100)) {
    try {
      let n: number;
      do {
        n = await integrateLog(db, key, clock, logId);
        appended += n;
      } while (n === batch);
    } catch (err) {
      onFailure(logId, err);
    }
  }
  return appended;
}
