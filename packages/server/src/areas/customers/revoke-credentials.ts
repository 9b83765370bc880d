import type { CustomerDeps } from './deps.js';

/**
 * Deletes every credential of the customer (a running server refuses them within
 * `credentialCacheMs`, see `settleCredentialChange`). Its data
 * stays (devices, svcfications, FIDO users); `rotateCredentials` issues new credentials again.
 * Null when no customer has the id, else how many credentials were deleted.
 */
export async function revokeCredentials(
  deps: Pick<CustomerDeps, 'db' | 'audit'>,
  customerId: string,
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
      .executeTakeFirst();
    await deps.audit.record(tx, { action: 'credentials.revoked', customerId });
    return Number(result.numDeletedRows);
  });
}
