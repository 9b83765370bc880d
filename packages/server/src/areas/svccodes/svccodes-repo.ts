import type { Db } from '../../core/store/index.js';
import { aDayBefore, deleteExpired } from '../../core/store/purge.js';
import type { SvccodesTable } from '../../core/store/schema.js';

export type SvccodeRow = SvccodesTable;

export function findSvccode(db: Db, id: string): Promise<SvccodeRow | undefined> {
  return db.selectFrom('svccodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomerSvccode(
  db: Db,
  customerId: string,
  id: string,
): Promise<SvccodeRow | undefined> {
  return db
    .selectFrom('svccodes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSvccode(db: Db, row: SvccodeRow): Promise<void> {
  await db.insertInto('svccodes').values(row).execute();
}

/**
 * Pairs an unpaired, unexpired code of the device's customer. False otherwise: the conditional
 * UPDATE lets exactly one of concurrent pairings through.
 */
export async function markPaired(
  db: Db,
  code: { id: string; customerId: string },
  deviceIdentifier: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('svccodes')
    .set({ paired_device: deviceIdentifier, paired_at: now })
    .where('id', '=', code.id)
    .where('customer_id', '=', code.customerId)
    .where('paired_device', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a paired code read; false when it was read before (one reader wins). */
export async function markRetrieved(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('svccodes')
    .set({ retrieved_at: now })
    .where('id', '=', id)
    .where('retrieved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes svccodes expired over a day ago: until then their status still reads EXPIRED. */
export async function purgeSvccodes(db: Db, now: Date): Promise<void> {
  await deleteExpired(db, { table: 'svccodes', column: 'expires_at' }, aDayBefore(now));
}
