import type { CustomerDeps } from './deps.js';
import {
  credentialKinds,
  issueCredentials,
  type CustomerKind,
  type IssuedCredentials,
} from './issue-credentials.js';

/**
 * Replaces the customer's credentials of `kinds` (default all) with new ones in one transaction:
 * a running server stops taking the old ones within `credentialCacheMs` (see
 * `settleCredentialChange`). A revoked customer gets credentials again. Null when no customer has
 * the id.
 */
export async function rotateCredentials(
  deps: CustomerDeps,
  customerId: string,
  kinds: readonly CustomerKind[] = credentialKinds,
): Promise<({ id: string; name: string } & Partial<IssuedCredentials>) | null> {
  const customer = await deps.db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  const { issued, rows } = await issueCredentials(deps, customer.id, kinds);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('credentials')
      .where('customer_id', '=', customer.id)
      .where('kind', 'in', [...kinds])
      .execute();
    await tx.insertInto('credentials').values(rows).execute();
    await deps.audit.record(tx, {
      action: 'credentials.rotated',
      customerId: customer.id,
      details: { kinds: kinds.join(' ') },
    });
  });
  return { id: customer.id, name: customer.name, ...issued };
}
