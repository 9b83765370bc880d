import type { Db } from '../../../core/store/index.js';
import { aDayBefore, deleteExpired } from '../../../core/store/purge.js';
import type { EnrollmentsTable } from '../../../core/store/schema.js';

export type EnrollmentRow = EnrollmentsTable;

export async function insertEnrollment(db: Db, row: EnrollmentRow): Promise<void> {
  await db.insertInto('enrollments').values(row).execute();
}

export function findEnrollment(
  db: Db,
  customerId: string,
  id: string,
): Promise<EnrollmentRow | undefined> {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findEnrollmentByCode(db: Db, codeHash: string): Promise<EnrollmentRow | undefined> {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/**
 * Marks an unused, unexpired enrollment used by the device. False otherwise: the conditional
 * UPDATE lets exactly one of concurrent redemptions through (on PostgreSQL the loser waits for
 * the winner's row lock and then finds the row used).
 */
export async function markEnrolled(
  db: Db,
  id: string,
  deviceIdentifier: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('enrollments')
    .set({ device_identifier: deviceIdentifier, enrolled_at: now })
    .where('id', '=', id)
    .where('device_identifier', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes enrollments expired over a day ago (used ones too: their device stays). */
export async function purgeEnrollments(db: Db, now: Date): Promise<void> {
  await deleteExpired(db, { table: 'enrollments', column: 'expires_at' }, aDayBefore(now));
}
