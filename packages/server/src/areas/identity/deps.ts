import type { AuditTrail } from '../../core/audit/trail.js';
import type { Clock } from '../../core/clock.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Db } from '../../core/store/index.js';
import type { Context } from '../../context.js';

/** Result of checking license fields against the agency (the sandbox engine, wired by app.ts). */
export type LicenseCheck = (
  fields: Record<string, string>,
) => Promise<'VERIFIED' | 'FAILED' | 'UNVERIFIABLE'>;

/** What the identity area's use cases stand on. */
export interface IdentityDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  checkLicense: LicenseCheck;
  audit: AuditTrail;
}

export function identityDeps(ctx: Context, checkLicense: LicenseCheck): IdentityDeps {
  const { clock, ids, keys, audit } = ctx;
  return { db: ctx.store.db, clock, ids, keys, checkLicense, audit };
}
