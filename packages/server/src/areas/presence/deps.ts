import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/store/index.js';

/** What the presence area's use cases stand on. */
export interface PresenceDeps {
  db: Db;
  clock: Clock;
  /** Where svc Authenticator runs: svc's public origin, its host the WebAuthn RP ID. */
  expected: { origin: string; rpId: string };
}

export function presenceDeps(ctx: Context): PresenceDeps {
  const url = new URL(ctx.config.publicUrl);
  return {
    db: ctx.store.db,
    clock: ctx.clock,
    expected: { origin: url.origin, rpId: url.hostname },
  };
}
