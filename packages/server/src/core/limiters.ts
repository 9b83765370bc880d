import { CompiledQuery } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { onPostgres, type Db } from './store/index.js';

/**
 * Where limit counters live (rate-limiter-flexible): the request limits and the SMS budgets make
 * every limiter through this.
 */
export type LimiterStore = (options: IRateLimiterOptions) => RateLimiterAbstract;

/** This process's memory: one SQLite data directory serves one instance (serve-lock.ts). */
export const inMemory: LimiterStore = (options) => new RateLimiterMemory(options);

/**
 * On PostgreSQL, the `rate_limits` table, so that all instances share one budget: each count is
 * one atomic upsert. While the database does not answer, each instance counts in its own memory
 * (the insurance limiter) rather than refusing everyone or letting everyone through. Expired rows
 * are deleted by the library, an hour after they expire.
 */
export function sharedLimiters(db: Db): LimiterStore {
  if (!onPostgres(db)) return inMemory;
  // The library's queries, run on the store's pool (prepared-statement names are not needed).
  const client = {
    async query({ text, values }: { text: string; values: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
  return (options) =>
    new RateLimiterPostgres({
      ...options,
      storeClient: client,
      storeType: 'client',
      tableName: 'rate_limits',
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
