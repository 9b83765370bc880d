import { assertThat } from '../../../core/errors.js';
import { findUserCredential, type CredentialRow } from './credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { requireOrganization } from '../organizations/require-organization.js';
import { findUserById, type UserRow } from './users-repo.js';

/**
 * The caller's user and, when `credentialId` is given, one of that user's passkeys. Another
 * customer's user or credential answers 404 like an unknown one.
 */
export async function userCredential(
  deps: Pick<FidoDeps, 'db'>,
  customerId: string,
  userId: string,
  credentialId: string,
): Promise<{ organizationId: string; user: UserRow; credential: CredentialRow }> {
  const { organizationId, user } = await callersUser(deps, customerId, userId);
  const credential = await findUserCredential(deps.db, organizationId, user.id, credentialId);
  assertThat(credential, 'CREDENTIAL_NOT_FOUND');
  return { organizationId, user, credential };
}

export async function callersUser(
  deps: Pick<FidoDeps, 'db'>,
  customerId: string,
  userId: string,
): Promise<{ organizationId: string; user: UserRow }> {
  const organization = await requireOrganization(deps.db, customerId);
  const user = await findUserById(deps.db, customerId, userId);
  assertThat(user, 'USER_NOT_FOUND');
  return { organizationId: organization.id, user };
}
