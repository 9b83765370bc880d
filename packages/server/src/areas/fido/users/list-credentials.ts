import { credentialsOfUser } from './credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import type { CredentialList } from '../schemas.js';
import { callersUser } from './user-credential.js';
import { credentialView } from '../views.js';

/** A user's passkeys, oldest first. */
export async function listCredentials(
  deps: FidoDeps,
  customerId: string,
  userId: string,
): Promise<CredentialList> {
  const { organizationId, user } = await callersUser(deps, customerId, userId);
  const rows = await credentialsOfUser(deps.db, organizationId, user.id);
  return { credentials: rows.map(credentialView) };
}
