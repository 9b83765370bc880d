import type { Db } from '../../../core/store/index.js';
import { countCredentials } from './credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { lockUser } from './users-repo.js';

/**
 * Whether the user may register one more passkey (`SVC_FIDO_CREDENTIAL_LIMIT`), as a check before
 * a ceremony starts; the ceremony's own write checks again under the lock (`lockPasskeys`).
 */
export async function hasRoomForPasskey(
  deps: Pick<FidoDeps, 'config'>,
  db: Db,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  return roomFor(deps, await countCredentials(db, organizationId, userId));
}

/**
 * The first step of every change to a user's passkeys: locks the user's row for the rest of the
 * transaction, then counts its passkeys. Changes of one user's passkeys (two removals, two
 * registrations, a registration and a removal) therefore run one after the other, each counting
 * what the other committed; on PostgreSQL's READ COMMITTED a count taken without the lock missed
 * the other's uncommitted change (two removals of the last two passkeys left the user
 * registered; two registrations passed the limit together).
 */
export async function lockPasskeys(
  deps: Pick<FidoDeps, 'config'>,
  tx: Db,
  organizationId: string,
  userId: string,
): Promise<{ count: number; hasRoom: boolean }> {
  await lockUser(tx, userId);
  const count = await countCredentials(tx, organizationId, userId);
  return { count, hasRoom: roomFor(deps, count) };
}

const roomFor = (deps: Pick<FidoDeps, 'config'>, count: number) =>
  count < deps.config.fidoCredentialLimit;

export const passkeyLimitText = (deps: Pick<FidoDeps, 'config'>) =>
  `A user may hold at most ${deps.config.fidoCredentialLimit} passkeys; remove one first.`;
