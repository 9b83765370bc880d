import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { deactivateDevicesOfUsers } from './devices-repo.js';
import { usersOfIdentifier } from './users-of-identifier.js';

/** DELETE /users/{userIdentifier}: every device of the identifier's users is deactivated. */
export async function deactivateUser(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
): Promise<void> {
  const users = await usersOfIdentifier(deps.db, customerId, identifier);
  assertThat(users.length > 0, 'USER_NOT_FOUND');
  await deactivateDevicesOfUsers(deps.db, customerId, users, deps.clock.now().toISOString());
}
