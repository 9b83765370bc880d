import type { Config } from '../../config/index.js';
import type { Context } from '../../context.js';
import type { AuditTrail } from '../../core/audit/trail.js';
import type { Clock } from '../../core/clock.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Metrics } from '../../core/metrics.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import type { Kysely } from 'kysely';
import type { PresenceAssertion } from '@svc/wire';
import type { Database, DevicesTable, SvcficationsTable } from '../../core/store/schema.js';
import type { Waiters } from '../../core/waiters.js';

/** What svcfications ask of the identity area (handed over by app.ts). */
export interface IdentityLookup {
  device(customerId: string, identifier: string): Promise<DevicesTable | undefined>;
  activeIdentifiersOf(customerId: string, deviceIdentifier: string): Promise<string[]>;
  bindingOf(customerId: string, deviceIdentifier: string): Promise<string | null>;
  identifierOfUser(customerId: string, userId: string): Promise<string | null>;
  userExists(customerId: string, userId: string): Promise<boolean>;
  /** The users an RP identifier stands for, and whether a device is bound to it. */
  identifierUsers(
    customerId: string,
    identifier: string,
  ): Promise<{ users: string[]; bound: boolean }>;
  userCanReceive(customerId: string, userId: string): Promise<boolean>;
  identifierCanReceive(customerId: string, identifier: string): Promise<boolean>;
  documentHashes(customerId: string, userIds: string[]): Promise<string[]>;
}

/**
 * Queues push wake-ups for a new svcfication in its transaction, for the devices it reaches;
 * answers how many (from the push area).
 */
export type WakeDevices = (
  tx: Kysely<Database>,
  customerId: string,
  svcfication: Pick<
    SvcficationsTable,
    'id' | 'action' | 'expires_at' | 'target_device' | 'target_user_id' | 'user_identifier'
  > & { relying_party: string },
) => Promise<number>;

/**
 * Checks a web app's WebAuthn presence proof (from the presence area): throws the reason it
 * fails; answers the step that records its signature counter in the answer's transaction.
 */
export type CheckPresence = (claim: {
  svcficationId: string;
  deviceIdentifier: string;
  nonce: string;
  assertion: PresenceAssertion;
}) => Promise<(tx: Kysely<Database>) => Promise<void>>;

/** The device that paired with a customer's svccode, if any (from the svccodes area). */
export type PairedDeviceLookup = (customerId: string, svccodeId: string) => Promise<string | null>;

/** What the svcfications area's use cases stand on. */
export interface SvcficationsDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  outbox: Outbox;
  /** Long-poll wake-ups of this process. */
  waiters: Waiters;
  config: Pick<
    Config,
    | 'allowInsecureCallbacks'
    | 'svcficationTtlSeconds'
    | 'svcficationOpenLimit'
    | 'svcficationWindowLimit'
    | 'svcficationFraudBlockSeconds'
  >;
  metrics: Pick<Metrics, 'svcficationsCompleted' | 'svcficationsRefused' | 'fraudReports'>;
  identity: IdentityLookup;
  pairedDevice: PairedDeviceLookup;
  wakeDevices: WakeDevices;
  checkPresence: CheckPresence;
  audit: AuditTrail;
}

export function svcficationsDeps(
  ctx: Context,
  others: Pick<SvcficationsDeps, 'identity' | 'pairedDevice' | 'wakeDevices' | 'checkPresence'>,
): SvcficationsDeps {
  const { clock, ids, keys, outbox, waiters, config, metrics, audit } = ctx;
  return { db: ctx.store.db, clock, ids, keys, outbox, waiters, config, metrics, audit, ...others };
}
