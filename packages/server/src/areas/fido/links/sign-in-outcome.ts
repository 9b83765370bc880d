import type { FidoDeps } from '../deps.js';
import { findLink } from './links-repo.js';
import { oidcUser } from '../users/oidc-user.js';

/**
 * The user a sign-in link (beginSignIn) signed in, once its ceremony completed; undefined while
 * it is pending or when it failed. Passkeys always verify the user (userVerification required).
 */
export async function signInOutcome(
  deps: FidoDeps,
  organizationId: string,
  linkId: string,
): ReturnType<typeof oidcUser> {
  const link = await findLink(deps.db, 'authentications', linkId);
  if (link?.organization_id !== organizationId || link.status !== 'COMPLETED' || !link.user_id)
    return undefined;
  return oidcUser(deps, link.customer_id, { id: link.user_id });
}
