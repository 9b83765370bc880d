import type { Db } from '../../core/store/index.js';

/**
 * Deletes every credential of the customer (a running server refuses them within
 * `credentialCacheMs`, see `settleCredentialChange`). Its data
 * stays (devices, svcfications, FIDO users); `rotateCredentials` issues new credentials again.
 * Null when no customer has the id, else how many credentials were deleted.
 */
export async function revokeCredentials(db: Db, customerId: string): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
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
    return Number(result.numDeletedRows);
  });
}
