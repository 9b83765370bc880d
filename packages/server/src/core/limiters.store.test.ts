import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, postgresTestUrl } from '../../test/helpers.js';
import { sharedLimiters } from './limiters.js';
import type { Store } from './store/index.js';

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => store.close());

const refusals = async (limiter: { consume(key: string): Promise<unknown> }, times: number) => {
  let refused = 0;
  for (let i = 0; i < times; i++) await limiter.consume('k').catch(() => refused++);
  return refused;
};

describe('shared limiters', () => {
  it('count one budget for every instance on PostgreSQL; each its own on SQLite', async () => {
    // Two instances: two limiter stores over one database.
    const options = { points: 3, duration: 60, keyPrefix: 'shared-test' };
    const [first, second] = [sharedLimiters(store.db)(options), sharedLimiters(store.db)(options)];
    expect(await refusals(first, 2)).toBe(0);
    expect(await refusals(second, 2)).toBe(store.dialect === 'postgres' ? 1 : 0);
  });

  it.runIf(postgresTestUrl())(
    "count in each instance's memory while the database fails",
    async () => {
      const limiter = sharedLimiters(store.db)({ points: 2, duration: 60, keyPrefix: 'down' });
      await sql`alter table rate_limits rename to rate_limits_away`.execute(store.db);
      try {
        expect(await refusals(limiter, 3)).toBe(1);
      } finally {
        await sql`alter table rate_limits_away rename to rate_limits`.execute(store.db);
      }
    },
  );
});
