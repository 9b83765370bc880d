import type { Context } from '../../context.js';
import type { CheckpointKey } from '../../core/audit/checkpoint-key.js';
import type { Db } from '../../core/store/index.js';

/** What reading the audit trail stands on: the store and the checkpoint key. */
export interface AuditDeps {
  db: Db;
  key: CheckpointKey;
}

export function auditDeps(ctx: Context): AuditDeps {
  return { db: ctx.store.db, key: ctx.checkpointKey };
}
