import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirySweeps, purges } from '../src/worker.js';
import { testApp, type TestApp } from './helpers.js';

// Every statement run, with the values of its last run.
const seen = new Map<string, readonly unknown[]>();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { onQuery: (sql, parameters) => seen.set(sql, parameters) });
});
afterAll(async () => t.close());

/** SQLite's plan of a statement: one line per step ("SEARCH t USING INDEX …", "SCAN t"). */
async function planOf(sql: string, parameters: readonly unknown[]): Promise<string> {
  const { rows } = await t.store.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return rows.map((r) => r.detail).join(' / ');
}

const partition = <T>(items: T[], test: (item: T) => boolean): [T[], T[]] => [
  items.filter(test),
  items.filter((item) => !test(item)),
];

// The sweeps run every second over tables that only grow: each page is a range of an index.
describe('query plans of the expiry sweeps (SQLite)', () => {
  it('each page of due rows is a range of the (status, expires_at) index', async () => {
    seen.clear();
    await expirySweeps(t.ctx, { error: () => undefined })();
    const selects = [...seen].filter(([sql]) => /^select/i.test(sql));
    const [ciba, expiring] = partition(selects, ([sql]) => sql.includes('oidc_ciba_requests'));
    const plans = await Promise.all(expiring.map(([sql, parameters]) => planOf(sql, parameters)));
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      expect(plan).not.toMatch(/(^|\/ )SCAN /);
      expect(plan).toMatch(
        /^SEARCH (\w+) USING INDEX (svcfications_open|\1_pending) \(status=\? AND expires_at>\? AND expires_at<\?\)/,
      );
    }
    // The waiting CIBA requests: a range of (expires_at, id) from the sweep's place.
    expect(ciba).toHaveLength(1);
    const [[sql = '', parameters = []] = []] = ciba;
    expect(await planOf(sql, parameters)).toMatch(
      /^SEARCH oidc_ciba_requests USING INDEX oidc_ciba_requests_due \(\(expires_at,id\)>\(\?,\?\)\)$/,
    );
  });
});

// A purge deletes from the oldest expired rows up, a batch at a time (core/store/purge.ts).
describe('query plans of the purges (SQLite)', () => {
  it('each batch, and the search for its last row, is a range of the expiry index', async () => {
    seen.clear();
    await purges(t.ctx, { error: () => undefined })();
    const deletes = [...seen].filter(([sql]) => /^delete/i.test(sql));
    expect(deletes.map(([sql]) => /^delete from "?(\w+)/i.exec(sql)?.[1]).sort()).toEqual([
      'audit_events',
      'console_sessions',
      'enrollments',
      'idempotency',
      'nonces',
      'oidc_payloads',
      'outbox',
      'outbox_attempts',
      'svccodes',
    ]);
    for (const [sql, parameters] of deletes) {
      const plan = await planOf(sql, parameters);
      expect(plan).not.toMatch(/(^|\/ )SCAN /);
      expect(plan).toMatch(
        /^SEARCH (\w+) USING COVERING INDEX (\w+) \((state=\? AND )?\w+<\?\) \/ SCALAR SUBQUERY 1 \/ SEARCH \1 USING COVERING INDEX \2 /,
      );
    }
  });
});
