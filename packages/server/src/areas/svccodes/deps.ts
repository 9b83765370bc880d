import type { AuditTrail } from '../../core/audit/trail.js';
import type { Config } from '../../config/index.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { Ids } from '../../core/ids.js';
import type { Db } from '../../core/store/index.js';
import type { DevicesTable } from '../../core/store/schema.js';
import type { Waiters } from '../../core/waiters.js';

/** A device binding as the identity area answers it. */
export interface Binding {
  id: string;
  device_identifier: string;
  user_identifier: string;
  active: boolean;
  activated_at: string | null;
}

/** What svccodes ask of the identity area (handed over by app.ts). */
export interface IdentityLookup {
  deviceAnywhere(identifier: string): Promise<DevicesTable | undefined>;
  identifierOfUser(customerId: string, userId: string): Promise<string | null>;
  bindingOf(customerId: string, deviceIdentifier: string): Promise<string | null>;
  /** `audit`: the trail of the request that binds (its events name the caller). */
  bindDevice(
    customerId: string,
    input: { device_identifier: string; user_identifier: string },
    audit: AuditTrail,
  ): Promise<Binding>;
}

/** What the svccodes area's use cases stand on. */
export interface SvccodesDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  waiters: Waiters;
  config: Pick<Config, 'svccodeTtlSeconds'>;
  /** Key of the MAC over svccode payloads, derived from the master key. */
  payloadKey: Buffer;
  identity: IdentityLookup;
  audit: AuditTrail;
}

export function svccodesDeps(ctx: Context, identity: IdentityLookup): SvccodesDeps {
  const { clock, ids, waiters, config, audit } = ctx;
  const payloadKey = ctx.box.derive('svccode-payload-v1');
  return { db: ctx.store.db, clock, ids, waiters, config, payloadKey, identity, audit };
}
