import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { findCustomerLink } from './links-repo.js';
import { findUserById } from '../users/users-repo.js';
import { authenticationView, type AuthenticationView } from '../views.js';

/** Status is read against the clock now, so an unfinished link reads EXPIRED once it is. */
export async function getAuthentication(
  deps: FidoDeps,
  customerId: string,
  id: string,
): Promise<AuthenticationView> {
  const link = await findCustomerLink(deps.db, 'authentications', customerId, id);
  assertThat(link, 'AUTHENTICATION_NOT_FOUND');
  const user = link.user_id ? await findUserById(deps.db, customerId, link.user_id) : undefined;
  return authenticationView(link, user, deps.clock.now());
}
