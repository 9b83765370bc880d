import type { Db } from '../../core/store/index.js';

/** Turns a customer's number-matching default on or off; false when no customer has the id. */
export async function setNumberMatching(db: Db, customerId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ number_matching: on ? 1 : 0 })
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
