import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { findCustomerLink } from './links-repo.js';
import { findUserById } from '../users/users-repo.js';
import { registrationView, type RegistrationView } from '../views.js';

export async function getRegistration(
  deps: FidoDeps,
  customerId: string,
  id: string,
): Promise<RegistrationView> {
  const link = await findCustomerLink(deps.db, 'registrations', customerId, id);
  const user = link?.user_id ? await findUserById(deps.db, customerId, link.user_id) : undefined;
  assertThat(link && user, 'REGISTRATION_NOT_FOUND');
  return registrationView(link, user, deps.clock.now());
}
