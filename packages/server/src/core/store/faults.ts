import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { AppError } from '../errors.js';

/**
 * Failures of the store itself rather than of a statement: the disk is full or read-only, the
 * file cannot be opened, the database does not answer. Retrying later helps; the statement was
 * not wrong. SQLite result codes as better-sqlite3 reports them, PostgreSQL SQLSTATE classes 08
 * (connection), 53 (insufficient resources), 57P (operator intervention), 58 (system error) and
 * 25006 (read-only transaction), and the socket errors of a server that is gone.
 */
const sqliteFaults = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOMEM)/;
const postgresFaults = /^(08|53|57P|58)|^25006$/;
const socketFaults = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOSPC',
  'EIO',
  'EROFS',
]);
/** Seconds a caller is asked to wait before retrying a write the store could not take. */
export const storageRetryAfterSeconds = 5;

export function isStorageFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return sqliteFaults.test(code) || postgresFaults.test(code) || socketFaults.has(code);
}

/** 503 STORAGE_UNAVAILABLE with Retry-After, the store's failure kept as the cause (for logs). */
function unavailable(cause: unknown): AppError {
  const error = new AppError('STORAGE_UNAVAILABLE');
  error.retryAfter = storageRetryAfterSeconds;
  error.cause = cause;
  return error;
}

/** Whether the store took its last write: readiness reports it. */
export class StoreHealth {
  writesFailing = false;
}

/**
 * Wraps a dialect's driver: a storage fault becomes 503 STORAGE_UNAVAILABLE (the caller's request
 * fails, with svc's Error body, and may retry) and marks the store's writes as failing until a
 * write succeeds again.
 */
export class FaultWatchingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly health: StoreHealth,
  ) {}

  private async watch<T>(step: () => Promise<T>, writes: boolean): Promise<T> {
    try {
      const result = await step();
      if (writes) this.health.writesFailing = false;
      return result;
    } catch (err) {
      if (!isStorageFault(err)) throw err;
      this.health.writesFailing = true;
      throw unavailable(err);
    }
  }

  init(): Promise<void> {
    return this.watch(() => this.inner.init(), false);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.watch(() => this.inner.acquireConnection(), false);
    return {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        this.watch(async () => {
          const result = await connection.executeQuery<R>(query);
          if (result.numAffectedRows) this.health.writesFailing = false;
          return result;
        }, false),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      // The driver below is handed its own connection back.
      inner: connection,
    } as DatabaseConnection;
  }

  beginTransaction(
    connection: DatabaseConnection,
    settings: Parameters<Driver['beginTransaction']>[1],
  ): Promise<void> {
    return this.watch(() => this.inner.beginTransaction(innerOf(connection), settings), false);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.watch(() => this.inner.commitTransaction(innerOf(connection)), true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.watch(() => this.inner.rollbackTransaction(innerOf(connection)), false);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // SQLite's group commit waits for its WAL sync here: a failed sync is a fault too.
    return this.watch(() => this.inner.releaseConnection(innerOf(connection)), false);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const innerOf = (connection: DatabaseConnection): DatabaseConnection =>
  (connection as DatabaseConnection & { inner?: DatabaseConnection }).inner ?? connection;
