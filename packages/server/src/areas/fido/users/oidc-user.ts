import type { FidoDeps } from '../deps.js';
import { findUserById, findUserByIdentifier } from './users-repo.js';

/**
 * A FIDO user of the customer, by id (`sub`) or by `user_identifier` (the phone sign-in), as the
 * OpenID Provider signs it in (its `OidcUser`, which wiring.ts checks this against).
 */
export async function oidcUser(
  deps: FidoDeps,
  customerId: string,
  key: { id: string } | { userIdentifier: string },
) {
  const user =
    'id' in key
      ? await findUserById(deps.db, customerId, key.id)
      : await findUserByIdentifier(deps.db, customerId, key.userIdentifier);
  return user && { id: user.id, userIdentifier: user.user_identifier, name: user.name };
}
