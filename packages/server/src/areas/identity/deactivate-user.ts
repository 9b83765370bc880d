import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { deactivateDevicesOfUsers } from './devices-repo.js';
import { usersOfIdentifier } from './users-of-identifier.js';

/**
 * DELETE /users/{userIdentifier}: every device of the identifier's users is deactivated, and
 * their device credentials revoked.
 */
export async function deactivateUser(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
): Promise<void> {
  const users = await usersOfIdentifier(deps.db, customerId, identifier);
  assertThat(users.length > 0, 'USER_NOT_FOUND');
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (tx) => {
    await deactivateDevicesOfUsers(tx, customerId, users, now);
    await deps.audit.record(tx, {
      action: 'user.deactivated',
      customerId,
      targets: { user: identifier },
    });
  });
}
