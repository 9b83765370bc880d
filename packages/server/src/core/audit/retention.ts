import type { Db } from '../store/index.js';
import { deleteExpired } from '../store/purge.js';

/**
 * Deletes events older than the retention, oldest first. Their hashes stay in the log's tree, so
 * checkpoints and the proofs of the events kept still verify (0 days: nothing is deleted).
 */
export async function purgeAuditEvents(db: Db, now: Date, retentionDays: number): Promise<void> {
  if (retentionDays === 0) return;
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  await deleteExpired(db, { table: 'audit_events', column: 'occurred_at' }, before);
}
