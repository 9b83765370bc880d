import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { FaultWatchingDriver, isStorageFault, StoreHealth } from './faults.js';

const sqliteError = (code: string) => new SQLite.SqliteError('failed', code);

/** A driver whose one connection fails every statement with `failure` while it is set. */
function stubDriver(): { driver: Driver; fail(err: Error | null): void } {
  let failure: Error | null = null;
  const connection: DatabaseConnection = {
    executeQuery: () =>
      failure ? Promise.reject(failure) : Promise.resolve({ rows: [], numAffectedRows: 1n }),
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const nothing = () => Promise.resolve();
  return {
    driver: {
      init: nothing,
      acquireConnection: () => Promise.resolve(connection),
      beginTransaction: nothing,
      commitTransaction: nothing,
      rollbackTransaction: nothing,
      releaseConnection: nothing,
      destroy: nothing,
    },
    fail: (err) => (failure = err),
  };
}

describe('storage faults', () => {
  it("are the store's failures, not the statement's", () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_READONLY', 'SQLITE_BUSY'])
      expect(isStorageFault(sqliteError(code))).toBe(true);
    for (const code of ['53100', '08006', '57P01', '25006', 'ECONNREFUSED'])
      expect(isStorageFault(Object.assign(new Error('pg'), { code }))).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', '23505', '42P01'])
      expect(isStorageFault(Object.assign(new Error('statement'), { code }))).toBe(false);
    expect(isStorageFault(new Error('no code'))).toBe(false);
  });

  it('answer 503 with Retry-After and mark writes failing until a write succeeds', async () => {
    const stub = stubDriver();
    const health = new StoreHealth();
    const driver = new FaultWatchingDriver(stub.driver, health);
    const connection = await driver.acquireConnection();
    const write = () => connection.executeQuery(CompiledQuery.raw('insert …'));

    stub.fail(sqliteError('SQLITE_FULL'));
    const refused = await write().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'STORAGE_UNAVAILABLE', status: 503, retryAfter: 5 });
    expect(health.writesFailing).toBe(true);

    stub.fail(sqliteError('SQLITE_CONSTRAINT_UNIQUE'));
    await expect(write()).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(health.writesFailing).toBe(true);

    stub.fail(null);
    await write();
    expect(health.writesFailing).toBe(false);
  });
});
