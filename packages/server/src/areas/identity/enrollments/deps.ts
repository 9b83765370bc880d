import type { Kysely } from 'kysely';
import type { PushChannel } from '@svc/wire';
import type { Config } from '../../../config/index.js';
import type { Database } from '../../../core/store/schema.js';
import type { Context } from '../../../context.js';
import type { SecretBox } from '../../../core/crypto/secret-box.js';
import type { Outbox } from '../../../core/outbox/index.js';
import type { Waiters } from '../../../core/waiters.js';
import type { IdentityDeps } from '../deps.js';

/** Sets a device's push channel in the caller's transaction (from the push area). */
export type SetPushChannel = (
  tx: Kysely<Database>,
  customerId: string,
  deviceIdentifier: string,
  channel: PushChannel,
) => Promise<void>;

/**
 * What enrollments stand on: identity's own, the outbox (callbacks), long-poll wake-ups and the
 * push channel a phone may enroll with.
 */
export interface EnrollmentsDeps extends IdentityDeps {
  box: SecretBox;
  outbox: Outbox;
  waiters: Waiters;
  config: Pick<Config, 'publicUrl' | 'allowInsecureCallbacks'>;
  setPushChannel: SetPushChannel;
}

export function enrollmentsDeps(
  ctx: Context,
  identity: IdentityDeps,
  push: { setPushChannel: SetPushChannel },
): EnrollmentsDeps {
  const { box, outbox, waiters, config } = ctx;
  return { ...identity, box, outbox, waiters, config, ...push };
}
