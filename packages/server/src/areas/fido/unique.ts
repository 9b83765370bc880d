import type { InsertResult } from 'kysely';

/** Whether an `INSERT … ON CONFLICT DO NOTHING` wrote its row (SQLite and PostgreSQL alike). */
export function inserted(result: InsertResult | undefined): boolean {
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}
