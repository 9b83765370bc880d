import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * The request limits' and SMS budgets' counters, for every instance over one PostgreSQL to share
 * (core/limiters.ts; the columns are rate-limiter-flexible's: `expire` in epoch milliseconds). A
 * SQLite data directory serves one instance (serve-lock.ts), whose memory counts the same, so
 * the table exists on PostgreSQL only.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
      .addColumn('points', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
  },
};
