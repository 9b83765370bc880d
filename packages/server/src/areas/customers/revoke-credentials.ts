import type { CustomerDeps } from './deps.js';
import { credentialKinds, type CustomerKind } from './issue-credentials.js';

/**
 * Deletes the customer's credentials of `kinds` (default every one); a running server refuses them
 * within `credentialCacheMs` (see `settleCredentialChange`). Its data stays (devices,
 * svcfications, FIDO users); `rotateCredentials` issues new credentials again.
 * Null when no customer has the id, else how many credentials were deleted.
 */
export async function revokeCredentials(
  deps: Pick<CustomerDeps, 'db' | 'audit'>,
  customerId: string,
  kinds: readonly CustomerKind[] = credentialKinds,
): Promise<number | null> {
  return deps.db.transaction().execute(async (tx) => {
    const customer = await tx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) return null;
    const result = await tx
      .deleteFrom('credentials')
      .where('customer_id', '=', customerId)
      .where('kind', 'in', [...kinds])
      .executeTakeFirst();
    await deps.audit.record(tx, {
      action: 'credentials.revoked',
      customerId,
      ...(kinds === credentialKinds ? {} : { details: { kinds: kinds.join(' ') } }),
    });
    return Number(result.numDeletedRows);
  });
}
