import { AppError, assertThat } from '../../core/errors.js';
import { retryOnConflict } from '../../core/store/unique.js';
import type { MainDeps } from './deps.js';
import { identifierOfUser, userExists, usersOfIdentifier } from './users-repo.js';

/** Maps a service user (`svc_id`) to the RP's identifier; one identifier per user. */
export async function createUserIdentifier(
  deps: MainDeps,
  customerId: string,
  input: { svc_id: string; identifier: string },
): Promise<void> {
  await retryOnConflict(() =>
    deps.db.transaction().execute(async (tx) => {
      assertThat(await userExists(tx, customerId, input.svc_id), 'USER_UNKNOWN');
      if (await identifierOfUser(tx, customerId, input.svc_id))
        throw new AppError('USER_ALREADY_HAS_IDENTIFIER');
      await tx
        .insertInto('user_identifiers')
        .values({
          customer_id: customerId,
          user_id: input.svc_id,
          identifier: input.identifier,
          created_at: deps.clock.now().toISOString(),
        })
        .execute();
    }),
  );
}

export async function getUserIdentifier(deps: MainDeps, customerId: string, identifier: string) {
  const [userId] = await usersOfIdentifier(deps.db, customerId, identifier);
  assertThat(userId, 'USER_NOT_FOUND');
  return { svc_id: userId, identifier };
}

/** DELETE /users/{userIdentifier}: every device of the identifier's users is deactivated. */
export async function deactivateUser(
  deps: MainDeps,
  customerId: string,
  identifier: string,
): Promise<void> {
  const users = await usersOfIdentifier(deps.db, customerId, identifier);
  assertThat(users.length > 0, 'USER_NOT_FOUND');
  await deps.db
    .updateTable('devices')
    .set({ active: 0, updated_at: deps.clock.now().toISOString() })
    .where('customer_id', '=', customerId)
    .where('user_id', 'in', users)
    .execute();
}
