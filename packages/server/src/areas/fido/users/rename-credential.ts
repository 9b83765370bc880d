import { renameCredential as rename } from './credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import type { CredentialView } from '../schemas.js';
import { userCredential } from './user-credential.js';
import { credentialView } from '../views.js';

/** Gives one of the user's passkeys a name (trimmed; the schema bounds it). */
export async function renameCredential(
  deps: FidoDeps,
  customerId: string,
  userId: string,
  credentialId: string,
  name: string,
): Promise<CredentialView> {
  const { credential } = await userCredential(deps, customerId, userId, credentialId);
  const trimmed = name.trim();
  await deps.db.transaction().execute(async (tx) => {
    await rename(tx, credential.id, trimmed);
    await deps.audit.record(tx, {
      action: 'fido.passkey.renamed',
      customerId,
      targets: { fido_user: userId, passkey: credential.id },
    });
  });
  return credentialView({ ...credential, name: trimmed });
}
