import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { usersOfIdentifier } from './users-of-identifier.js';

/** The first user the identifier stands for. */
export async function getUserIdentifier(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
) {
  const [userId] = await usersOfIdentifier(deps.db, customerId, identifier);
  assertThat(userId, 'USER_NOT_FOUND');
  return { svc_id: userId, identifier };
}
