import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { GroupCommit } from './group-commit.js';
import { withStatementCache } from './statements.js';

/**
 * SQLite with PostgreSQL's semantics for a request. Kysely's SQLite driver has one connection,
 * held by one caller at a time: a statement outside a transaction autocommits, and a transaction
 * holds the connection until it ends, so nobody reads another's uncommitted write and a failed
 * commit fails only its own caller. On top of Kysely's driver:
 *
 * - transactions begin with `BEGIN IMMEDIATE`: a plain BEGIN takes the write lock only at its
 *   first write, which then fails at once with SQLITE_BUSY (no busy_timeout wait) if another
 *   process (a CLI command) committed since the transaction's first read;
 * - with group commit, a caller is answered only once every commit so far is synced, after
 *   letting the connection go: the callers that commit during one sync share the next, and
 *   nobody reads back a change that a power loss could still undo (as on PostgreSQL, whose
 *   commits are seen once flushed). This is the one place where durability is awaited.
 */
export class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly groupCommit: GroupCommit | null,
  ) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(super.createDriver(), this.sqlite, this.groupCommit);
  }
}

class DurableSqliteDriver implements Driver {
  /** Rows changed by the current holder of the connection (there is one connection). */
  private changed = false;

  constructor(
    private readonly inner: Driver,
    private readonly sqlite: SQLite.Database,
    private readonly groupCommit: GroupCommit | null,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await connection.executeQuery<R>(query);
        if (result.numAffectedRows) this.changed = true;
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT (a deferred constraint, a full disk) may have rolled back already.
    if (this.sqlite.inTransaction) await this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Whatever the holder changed is committed (or rolled back) by now: it is in the WAL.
    const changed = this.changed;
    this.changed = false;
    if (changed) this.groupCommit?.wrote();
    await this.inner.releaseConnection(connection);
    if (this.groupCommit?.pending) await this.groupCommit.durable();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
