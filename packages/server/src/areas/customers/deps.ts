import type { AuditTrail } from '../../core/audit/trail.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Ids } from '../../core/ids.js';
import type { Db } from '../../core/store/index.js';

/** What the customer use cases (run by the CLI and at a first start) stand on. */
export interface CustomerDeps {
  db: Db;
  box: SecretBox;
  ids: Ids;
  clock: Clock;
  audit: AuditTrail;
}

/** The part of the process context this area uses. */
export function customersDeps(ctx: Context): CustomerDeps {
  return { db: ctx.store.db, box: ctx.box, ids: ctx.ids, clock: ctx.clock, audit: ctx.audit };
}
