import type { FidoDeps } from '../deps.js';
import { credentialIdOf } from './credential-response.js';
import { findLink } from './links-repo.js';
import { findCredential } from '../users/credentials-repo.js';
import { oidcUser } from '../users/oidc-user.js';

/**
 * The user a sign-in link (beginSignIn) signed in with the passkey of `response`, once its
 * ceremony completed, and whether that passkey is synced (backed up, so not bound to one
 * device); undefined while it is pending or when it failed. Passkeys always verify the user
 * (userVerification required).
 */
export async function signInOutcome(
  deps: FidoDeps,
  organizationId: string,
  linkId: string,
  response: unknown,
) {
  const link = await findLink(deps.db, 'authentications', linkId);
  if (link?.organization_id !== organizationId || link.status !== 'COMPLETED' || !link.user_id)
    return undefined;
  const credentialId = credentialIdOf(response);
  const credential = credentialId
    ? await findCredential(deps.db, organizationId, credentialId)
    : undefined;
  const user = await oidcUser(deps, link.customer_id, { id: link.user_id });
  if (!user || credential?.user_id !== user.id) return undefined;
  return { user, synced: credential.backed_up === 1 };
}
