import type { CustomerDeps } from './deps.js';

/** Turns a customer's number-matching default on or off; false when no customer has the id. */
export async function setNumberMatching(
  deps: Pick<CustomerDeps, 'db' | 'audit'>,
  customerId: string,
  on: boolean,
): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('customers')
      .set({ number_matching: on ? 1 : 0 })
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await deps.audit.record(tx, {
      action: 'customer.number_matching_set',
      customerId,
      details: { number_matching: on },
    });
    return true;
  });
}
