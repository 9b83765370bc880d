import type { CustomerDeps } from './deps.js';
import {
  credentialKinds,
  issueCredentials,
  type IssuedCredentials,
  type IssuedCustomer,
} from './issue-credentials.js';

/** Creates a customer with every kind of credential, in one transaction. */
export async function createCustomer(
  deps: CustomerDeps,
  input: { name: string; verifyIdentityDocuments?: boolean; numberMatching?: boolean },
): Promise<IssuedCustomer> {
  const id = deps.ids.uuid();
  const { issued, rows } = await issueCredentials(deps, id, credentialKinds);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('customers')
      .values({
        id,
        name: input.name,
        verify_identity_documents: input.verifyIdentityDocuments ? 1 : 0,
        number_matching: input.numberMatching ? 1 : 0,
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
    await tx.insertInto('credentials').values(rows).execute();
    await deps.audit.record(tx, {
      action: 'customer.created',
      customerId: id,
      details: { credentials: credentialKinds.join(' ') },
    });
  });
  return { id, name: input.name, ...(issued as IssuedCredentials) };
}
