import type { Config } from '../../../config/index.js';
import type { Context } from '../../../context.js';
import type { SecretBox } from '../../../core/crypto/secret-box.js';
import type { Outbox } from '../../../core/outbox/index.js';
import type { Waiters } from '../../../core/waiters.js';
import type { IdentityDeps } from '../deps.js';

/** What enrollments stand on: identity's own, the outbox (callbacks) and long-poll wake-ups. */
export interface EnrollmentsDeps extends IdentityDeps {
  box: SecretBox;
  outbox: Outbox;
  waiters: Waiters;
  config: Pick<Config, 'publicUrl' | 'allowInsecureCallbacks'>;
}

export function enrollmentsDeps(ctx: Context, identity: IdentityDeps): EnrollmentsDeps {
  const { box, outbox, waiters, config } = ctx;
  return { ...identity, box, outbox, waiters, config };
}
