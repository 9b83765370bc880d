import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  sql,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { checkpointRest, startCheckpointer } from './checkpointer.js';
import { runCompiledDirectly } from './compiled.js';
import { GroupCommit } from './group-commit.js';
import { migrations } from './migrations.js';
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
  /** SQLite: adds each statement's runs and time to this map, by SQL text (the bench's profile). */
  statementTimes?: StatementTimes;
  /** SQLite file: how often the checkpoint thread runs (default 1 s). */
  checkpointEveryMs?: number;
}

export type StatementTimes = Map<string, { runs: number; micros: number }>;

/** Whether every acknowledged commit is on disk; see group-commit.ts. */
export interface Durability {
  readonly pending: boolean;
  durable(): Promise<void>;
  /** Group commit only: commits counted and WAL syncs made (for /metrics). */
  readonly stats?: { commits: number; syncs: number };
  /** Group commit only: called with the seconds of each WAL sync (for /metrics). */
  onSync?: (seconds: number) => void;
}

const alwaysDurable: Durability = { pending: false, durable: () => Promise.resolve() };

export interface Store {
  db: Db;
  /** Await `durable()` before answering after a write (SQLite FULL: group commit). */
  durability: Durability;
  dialect: 'sqlite' | 'postgres';
  /** The migrations this opening applied. */
  applied: string[];
  /** Rejects when the database does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep them by SQL
 * text (bounded). Queries run synchronously one at a time, so a statement is never shared in flight.
 * Every statement that wrote or committed is reported to `wrote`; with `times`, each run's time
 * is added there (`timed`).
 */
function withStatementCache(
  sqlite: SQLite.Database,
  wrote: () => void,
  times?: StatementTimes,
  max = 500,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const counted = (sql: string): SqliteStatement => {
    const prepared = sqlite.prepare(sql);
    const statement = times ? timed(prepared, sql, times) : prepared;
    // COMMIT reads as read-only to SQLite, yet it is what makes a transaction's writes count.
    const isCommit = /^\s*commit\b/i.test(sql);
    if (prepared.readonly && !isCommit) return statement;
    return {
      reader: statement.reader,
      // A statement that changed no row (a refused nonce, ON CONFLICT DO NOTHING) needs no sync.
      all: (parameters) => {
        const rows = statement.all(parameters);
        if (rows.length > 0) wrote();
        return rows;
      },
      run: (parameters) => {
        const result = statement.run(parameters);
        if (result.changes > 0 || isCommit) wrote();
        return result;
      },
      iterate: (parameters) => statement.iterate(parameters),
    };
  };
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        // Kysely opens a transaction with a plain BEGIN, which takes the write lock only at its
        // first write: if another process (a CLI command) committed since the transaction's first
        // read, that write fails at once with SQLITE_BUSY, no busy_timeout wait. BEGIN IMMEDIATE
        // takes the lock at the start, waiting for the other writer as busy_timeout allows.
        statement = counted(/^\s*begin\s*$/i.test(sql) ? 'begin immediate' : sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * The statement, adding the time of each `all` and `run` to `times` (`iterate`, which no hot path
 * uses, is not timed). A lookup per run: the map may be cleared between scenarios.
 */
function timed(statement: SQLite.Statement, sql: string, times: StatementTimes): SqliteStatement {
  const time = <T>(run: () => T): T => {
    const start = process.hrtime.bigint();
    try {
      return run();
    } finally {
      const entry = times.get(sql) ?? { runs: 0, micros: 0 };
      entry.runs += 1;
      entry.micros += Number(process.hrtime.bigint() - start) / 1000;
      times.set(sql, entry);
    }
  };
  return {
    reader: statement.reader,
    all: (parameters) => time(() => statement.all(parameters)),
    run: (parameters) => time(() => statement.run(parameters)),
    iterate: (parameters) => statement.iterate(parameters),
  };
}

function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(new URL('.', `file://${path}`).pathname, { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints run on their own thread (checkpointer.ts), not inside a request's commit.
  if (path !== ':memory:') sqlite.pragma('wal_autocheckpoint = 0');
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
  const statements =
    sqlite && withStatementCache(sqlite, () => groupCommit?.wrote(), options.statementTimes);
  const dialect = statements
    ? new SqliteDialect({ database: statements })
    : new PostgresDialect({ pool: await openPostgres(options.databaseUrl ?? '', options.schema) });
  // Should the checkpoint thread end, SQLite checkpoints by itself again (as it does by default).
  const checkpointer =
    file && sqlite
      ? startCheckpointer(
          options.sqlitePath,
          {
            onStop: () => {
              if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
            },
            onCopied: () => checkpointRest(sqlite),
          },
          options.checkpointEveryMs,
        )
      : null;
  const { onQuery } = options;
  const db = new Kysely<Database>({
    dialect,
    ...(onQuery ? { log: (e) => onQuery(e.query.sql, e.query.parameters) } : {}),
  });
  if (sqlite && statements)
    runCompiledDirectly(db, (sql, parameters) => {
      // A transaction holds the connection: its queries and everyone else's take Kysely's way.
      if (sqlite.inTransaction) return undefined;
      onQuery?.(sql, parameters);
      const statement = statements.prepare(sql);
      if (statement.reader) return { rows: statement.all(parameters) };
      return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
    });
  try {
    const migrator = new Migrator({
      db,
      provider,
      // Named, not left to the search_path: Kysely would take a migration table of any other
      // schema in the database for this one's.
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
    await checkpointer?.stop();
    await db.destroy();
    throw err;
  }
  return {
    db,
    dialect: options.databaseUrl ? 'postgres' : 'sqlite',
    durability: groupCommit ?? alwaysDurable,
    applied,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await groupCommit?.durable();
      await groupCommit?.close();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
