import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * One `svc serve` per SQLite data directory: several servers on one file would not wake each
 * other's long polls (that is PostgreSQL's job). The lock is SQLite's own exclusive lock on a
 * small file beside the database, held while the server runs; the system drops it when the
 * process ends, however it ends, so nothing stale is ever left behind. CLI commands do not take it.
 */
export function holdServeLock(dataDir: string): { release(): void } {
  const path = join(dataDir, 'serve.lock');
  const lock = new SQLite(path);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('begin exclusive');
  } catch (err) {
    lock.close();
    if ((err as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new Error(
        `another svc serve runs on ${dataDir}; stop it first (several instances share a PostgreSQL database: DATABASE_URL)`,
      );
    throw err;
  }
  return { release: () => lock.close() };
}
