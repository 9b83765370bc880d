import type { Db } from '../../core/store/index.js';
import { countCredentials } from './credentials-repo.js';
import type { FidoDeps } from './deps.js';

/** Whether the user may register one more passkey (`SVC_FIDO_CREDENTIAL_LIMIT`). */
export async function hasRoomForPasskey(
  deps: Pick<FidoDeps, 'config'>,
  db: Db,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  return (await countCredentials(db, organizationId, userId)) < deps.config.fidoCredentialLimit;
}

export const passkeyLimitText = (deps: Pick<FidoDeps, 'config'>) =>
  `A user may hold at most ${deps.config.fidoCredentialLimit} passkeys; remove one first.`;
