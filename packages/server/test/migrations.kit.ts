import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from '../src/core/store/migrations.js';
import { OwnSchemaDialect } from '../src/core/store/own-schema.js';
import { postgresTestUrl } from './helpers.js';
import type { Database } from '../src/core/store/schema.js';

/** A database migrated up to (not including) `next`, on the store the suite runs on. */
export async function migratedBefore(next: string) {
  const url = postgresTestUrl();
  const schema = `t_${randomBytes(8).toString('hex')}`;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`).finally(() => admin.end());
  }
  const db = new Kysely<Database>({
    dialect: url
      ? new OwnSchemaDialect({
          pool: new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` }),
        })
      : new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  const migrateTo = async (list: typeof migrations) => {
    const result = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(list) },
      ...(url ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    if (result.error) throw new Error('migration failed', { cause: result.error });
  };
  await migrateTo(Object.fromEntries(Object.entries(migrations).filter(([n]) => n < next)));
  return {
    db,
    migrateRest: () => migrateTo(migrations),
    close: async () => {
      if (url) await sql.raw(`drop schema ${schema} cascade`).execute(db);
      await db.destroy();
    },
  };
}
