import { describe, expect, it } from 'vitest';
import { openStore, type StatementTimes } from './index.js';

describe('statement times (SQLite, the bench --sql)', () => {
  it('adds the runs and time of each statement by its SQL, and runs it as before', async () => {
    const statementTimes: StatementTimes = new Map();
    const store = await openStore({ sqlitePath: ':memory:', statementTimes });
    try {
      statementTimes.clear();
      for (const value of ['a', 'b'])
        await store.db
          .insertInto('nonces')
          .values({ value, expires_at: '2030-01-01T00:00:00.000Z' })
          .execute();
      const rows = await store.db.selectFrom('nonces').select('value').orderBy('value').execute();
      expect(rows).toEqual([{ value: 'a' }, { value: 'b' }]);
      const insert = statementTimes.get(
        'insert into "nonces" ("value", "expires_at") values (?, ?)',
      );
      expect(insert?.runs).toBe(2);
      expect(insert?.micros).toBeGreaterThan(0);
      expect(statementTimes.get('select "value" from "nonces" order by "value"')?.runs).toBe(1);
    } finally {
      await store.close();
    }
  });
});
