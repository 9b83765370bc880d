import { assertThat } from '../../core/errors.js';
import { countCredentials, deleteCredential as remove } from './credentials-repo.js';
import type { FidoDeps } from './deps.js';
import { inTransaction } from './links-repo.js';
import { userCredential } from './user-credential.js';
import { markRegistered } from './users-repo.js';

/**
 * Removes one of the user's passkeys. Removing the last one makes the user unregistered again
 * (docs/decisions.md): it can no longer log in until it enrolls a new passkey.
 */
export async function deleteCredential(
  deps: FidoDeps,
  customerId: string,
  userId: string,
  credentialId: string,
): Promise<void> {
  const { organizationId, user, credential } = await userCredential(
    deps,
    customerId,
    userId,
    credentialId,
  );
  await inTransaction(deps.db, async (tx) => {
    assertThat(await remove(tx, credential.id), 'CREDENTIAL_NOT_FOUND');
    if ((await countCredentials(tx, organizationId, user.id)) === 0)
      await markRegistered(tx, user.id, false);
  });
}
