import { assertThat } from '../../../core/errors.js';
import { deleteCredential as remove } from './credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { lockPasskeys } from './passkey-room.js';
import { userCredential } from './user-credential.js';
import { markRegistered } from './users-repo.js';

/**
 * Removes one of the user's passkeys. Removing the last one makes the user unregistered again
 * (docs/decisions/fido.md): it can no longer log in until it enrolls a new passkey.
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
  await deps.db.transaction().execute(async (tx) => {
    const { count } = await lockPasskeys(deps, tx, organizationId, user.id);
    assertThat(await remove(tx, credential.id), 'CREDENTIAL_NOT_FOUND');
    // Set from the count, not only cleared: a user left inconsistent before is put right.
    await markRegistered(tx, user.id, count > 1);
    await deps.audit.record(tx, {
      action: 'fido.passkey.deleted',
      customerId,
      targets: { fido_user: user.id, passkey: credential.id },
    });
  });
}
