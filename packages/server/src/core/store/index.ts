import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  sql,
  Migrator,
  PostgresAdapter,
  type Dialect,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { FaultWatchingDriver, StoreHealth } from './faults.js';
import { GroupCommit } from './group-commit.js';
import { migrations } from './migrations.js';
import { OwnSchemaDialect } from './own-schema.js';
import { DurableSqliteDialect } from './sqlite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface StoreOptions {
  /** SQLite file path, or ':memory:'; ignored when databaseUrl is set. */
  sqlitePath: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in (created when missing); default: the server's search_path. */
  schema?: string;
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Whether to apply pending migrations. Default: yes on SQLite; on PostgreSQL only `svc migrate`
   * and `svc serve --migrate` apply them, and anything else refuses to work on an older schema.
   */
  migrate?: boolean;
  /** Called with every query run (diagnostics: the query-plan test reads the hot paths' SQL). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

/** SQLite group commit's figures, for /metrics. */
export interface WalSyncs {
  /** Commits counted and WAL syncs made (commits per sync: how well the grouping works). */
  readonly stats: { commits: number; syncs: number };
  /** Called with the seconds of each WAL sync. */
  onSync?: (seconds: number) => void;
}

export interface Store {
  /** A write resolves once it is committed and on disk (SQLite: sqlite-dialect.ts). */
  db: Db;
  /** SQLite file with synchronous FULL: its group commit. */
  walSyncs: WalSyncs | null;
  dialect: 'sqlite' | 'postgres';
  /** The migrations this opening applied. */
  applied: string[];
  /**
   * Rejects when the database does not answer, or, after a write failed for the store's sake
   * (a full disk, say), while a probe write still fails (readiness).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The dialect with its storage faults answered as 503 (faults.ts). */
function watchingFaults(dialect: Dialect, health: StoreHealth): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new FaultWatchingDriver(dialect.createDriver(), health),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** A write that changes nothing in the end: whether the store takes writes again. */
async function probeWrite(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const value = `readiness-probe-${process.pid}`;
    await tx
      .insertInto('nonces')
      .values({ value, expires_at: '1970-01-01T00:00:00.000Z' })
      .execute();
    await tx.deleteFrom('nonces').where('value', '=', value).execute();
  });
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(new URL('.', `file://${path}`).pathname, { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // A WAL that a burst made large is cut back to 64 MiB when it starts over.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

async function openPostgres(url: string, schema: string | undefined): Promise<pg.Pool> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema if not exists ${schema}`).finally(() => client.end());
  }
  return new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
}

async function currentSchema(db: Db, options: StoreOptions): Promise<string> {
  if (options.schema) return options.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/** Opens the database and brings its schema up to date. */
/** Whether `db` (the store's, or a transaction of it) talks to PostgreSQL rather than SQLite. */
export const onPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function openStore(options: StoreOptions): Promise<Store> {
  let applied: string[] = [];
  const file = !options.databaseUrl && options.sqlitePath !== ':memory:';
  // FULL is kept by group commit: SQLite itself runs NORMAL, and answers wait for a shared fsync.
  const groupCommit =
    file && options.synchronous !== 'NORMAL' ? new GroupCommit(`${options.sqlitePath}-wal`) : null;
  const sqlite = options.databaseUrl ? null : openSqlite(options.sqlitePath);
  const dialect = sqlite
    ? new DurableSqliteDialect(sqlite, groupCommit)
    : new OwnSchemaDialect({ pool: await openPostgres(options.databaseUrl ?? '', options.schema) });
  const { onQuery } = options;
  const health = new StoreHealth();
  const db = new Kysely<Database>({
    dialect: watchingFaults(dialect, health),
    ...(onQuery ? { log: (e) => onQuery(e.query.sql, e.query.parameters) } : {}),
  });
  try {
    const migrator = new Migrator({
      db,
      provider,
      // Named, not left to the search_path: the migrator's own queries then name the schema
      // that the introspection (own-schema.ts) reads.
      ...(options.databaseUrl ? { migrationTableSchema: await currentSchema(db, options) } : {}),
    });
    if (options.migrate ?? !options.databaseUrl) {
      // On PostgreSQL Kysely holds an advisory lock while it migrates: concurrent starts apply
      // each migration once.
      const result = await migrator.migrateToLatest();
      if (result.error)
        throw result.error instanceof Error
          ? result.error
          : new Error('migration failed', { cause: result.error });
      applied = (result.results ?? [])
        .filter((r) => r.status === 'Success')
        .map((r) => r.migrationName);
    } else {
      const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt);
      if (pending.length > 0)
        throw new Error(
          `the database lacks ${pending.length} migration(s) (${pending.map((m) => m.name).join(', ')}); run \`svc migrate\` (or \`svc serve --migrate\`) first`,
        );
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    db,
    dialect: options.databaseUrl ? 'postgres' : 'sqlite',
    walSyncs: groupCommit,
    applied,
    ping: async () => {
      await sql`select 1`.execute(db);
      if (health.writesFailing) await probeWrite(db);
    },
    close: async () => {
      await groupCommit?.durable();
      await groupCommit?.close();
      await db.destroy();
    },
  };
}
