import type { InsertResult } from 'kysely';

/**
 * Whether an `INSERT … ON CONFLICT DO NOTHING` wrote its row (SQLite and PostgreSQL alike). This is
 * svc's one uniqueness idiom: a concurrent request that inserted the same key first makes the
 * insert a no-op instead of an error, so a PostgreSQL transaction is never aborted by it.
 */
export function inserted(result: InsertResult | undefined): boolean {
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}
