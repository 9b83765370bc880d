import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { insertUserIdentifier, userExists } from './users-repo.js';

/** Maps a service user (`svc_id`) to the RP's identifier; one identifier per user. */
export async function createUserIdentifier(
  deps: IdentityDeps,
  customerId: string,
  input: { svc_id: string; identifier: string },
): Promise<void> {
  assertThat(await userExists(deps.db, customerId, input.svc_id), 'USER_UNKNOWN');
  await deps.db.transaction().execute(async (tx) => {
    const created = await insertUserIdentifier(tx, {
      customer_id: customerId,
      user_id: input.svc_id,
      identifier: input.identifier,
      created_at: deps.clock.now().toISOString(),
    });
    assertThat(created, 'USER_ALREADY_HAS_IDENTIFIER');
    await deps.audit.record(tx, {
      action: 'user_identifier.created',
      customerId,
      targets: { svc_user: input.svc_id, user: input.identifier },
    });
  });
}
