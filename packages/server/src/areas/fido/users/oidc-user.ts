import type { FidoDeps } from '../deps.js';
import { findUserById, findUserByIdentifier } from './users-repo.js';

/** A user the OpenID Provider may sign in: `sub` is the FIDO user's id. */
export interface OidcUser {
  id: string;
  userIdentifier: string;
  name: string;
}

/** A FIDO user of the customer, by id (`sub`) or by `user_identifier` (the phone sign-in). */
export async function oidcUser(
  deps: FidoDeps,
  customerId: string,
  key: { id: string } | { userIdentifier: string },
): Promise<OidcUser | undefined> {
  const user =
    'id' in key
      ? await findUserById(deps.db, customerId, key.id)
      : await findUserByIdentifier(deps.db, customerId, key.userIdentifier);
  return user && { id: user.id, userIdentifier: user.user_identifier, name: user.name };
}
