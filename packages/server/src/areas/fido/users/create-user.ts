import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { insertUser } from './users-repo.js';
import { userView, type UserView } from '../views.js';

/** Users belong to the customer, so they can be created before the organization exists. */
export async function createUser(
  deps: FidoDeps,
  customerId: string,
  input: { name: string; user_identifier: string },
): Promise<UserView> {
  const row = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    user_identifier: input.user_identifier,
    name: input.name,
    registered: 0,
    created_at: deps.clock.now().toISOString(),
  };
  await deps.db.transaction().execute(async (tx) => {
    assertThat(await insertUser(tx, row), 'USER_EXISTS');
    await deps.audit.record(tx, {
      action: 'fido.user.created',
      customerId,
      targets: { fido_user: row.id, user: row.user_identifier },
    });
  });
  return userView(row);
}
