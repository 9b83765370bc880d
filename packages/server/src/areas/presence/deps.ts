import type { AuditTrail } from '../../core/audit/trail.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/store/index.js';
import { originsOf } from '../../config/values.js';

/** What the presence area's use cases stand on. */
export interface PresenceDeps {
  db: Db;
  clock: Clock;
  /**
   * Where svc Authenticator may run: svc's public origin and those of the other svc servers named
   * in the config. The RP ID of a credential is its origin's host.
   */
  origins: string[];
  audit: AuditTrail;
}

export function presenceDeps(ctx: Context): PresenceDeps {
  const own = new URL(ctx.config.publicUrl).origin;
  return {
    db: ctx.store.db,
    clock: ctx.clock,
    audit: ctx.audit,
    origins: [own, ...originsOf(ctx.config.authenticatorOrigins)],
  };
}
