import type { Config } from '../../config/index.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import type { Waiters } from '../../core/waiters.js';

/** Result of checking license fields against the agency (wired to the sandbox engine by app.ts). */
export type LicenseCheck = (
  fields: Record<string, string>,
) => Promise<'VERIFIED' | 'FAILED' | 'UNVERIFIABLE'>;

/** What Area B's use cases stand on. */
export interface MainDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  outbox: Outbox;
  config: Config;
  box: SecretBox;
  /** Long-poll wake-ups of this process. */
  waiters: Waiters;
  checkLicense: LicenseCheck;
}
