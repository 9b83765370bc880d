import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloads } from '@svc/sdk';
import { SoftAuthenticator } from '../../bench/src/soft-authenticator.js';
import { fidoCalls } from './fido.kit.js';
import { testApp, type TestApp } from './helpers.js';
import { rpClient, svcficationCalls } from './svcfications.kit.js';

// Every statement the hot paths ran, with the values of its last run.
const seen = new Map<string, readonly unknown[]>();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { onQuery: (sql, parameters) => seen.set(sql, parameters) });
});
afterAll(async () => t.close());

const rp = () => rpClient(t);
const { user, create, next, read, respond } = svcficationCalls(() => t, rp);
const { withOrganization, register, authenticate } = fidoCalls(() => t);

/** The hot paths of the performance table, run once each after their setup. */
async function runHotPaths(): Promise<void> {
  const { identifier, device } = await user();
  const sandbox = await t.app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: { authorization: `Bearer ${t.customer.sandbox_token}` },
    payload: { aamva: { identification_id: 'DL000001', person_given_name: 'STEVEN' } },
  });
  expect(sandbox.statusCode).toBe(200);
  await rp().request('GET', `/api/v2/devices/${device.identifier}`);
  const created = await create({ desired_level: 1, user_identifier: identifier });
  const found = (await next(device)).body;
  expect(found?.id).toBe(created.id);
  await respond(device, [payloads.deviceAr(await device.keys(), created.id, device.identifier)]);
  expect((await read(created.id)).status).toBe('ACCEPTED');
  const c = await withOrganization();
  const authenticator = new SoftAuthenticator();
  await register(c, authenticator, 'sam');
  const login = await authenticate(c, authenticator, { user_identifier: 'sam' });
  expect(login.verified.body).toEqual({ status: 'COMPLETED' });
}

// Steps that read no table: constants and the rows of a multi-row insert.
const notTables = /^SCAN (CONSTANT ROW|\d+-ROW VALUES CLAUSE)/;
// The signing keys: a handful of rows, read once a minute by the cached signer (signing-keys.ts).
const coldTables = /^SCAN signing_keys$/;

/** SQLite's plan of a statement: one line per step ("SEARCH t USING INDEX …", "SCAN t"). */
async function planOf(sql: string, parameters: readonly unknown[]): Promise<string[]> {
  const { rows } = await t.store.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return rows.map((r) => r.detail);
}

describe('query plans of the hot paths (SQLite)', () => {
  it('no statement reads a whole table', async () => {
    seen.clear();
    await runHotPaths();
    const statements = [...seen].filter(([sql]) =>
      /^\s*(select|insert|update|delete)\b/i.test(sql),
    );
    expect(statements.length).toBeGreaterThan(20);
    const scans: string[] = [];
    for (const [sql, parameters] of statements) {
      const plan = await planOf(sql, parameters);
      for (const step of plan)
        if (/^SCAN /.test(step) && !notTables.test(step) && !coldTables.test(step))
          scans.push(`${step}\n    in: ${sql}`);
    }
    expect(scans).toEqual([]);
  });

  // A user's history grows with every login: the checks of a new svcfication must not walk it.
  it('the fatigue checks seek the rows they count, in order', async () => {
    seen.clear();
    await runHotPaths();
    const lookups = [...seen].filter(
      ([sql]) => /^select/i.test(sql) && sql.includes('"subject" = ?'),
    );
    expect(lookups).toHaveLength(3);
    for (const [sql, parameters] of lookups)
      expect((await planOf(sql, parameters)).join(' / ')).toMatch(
        /^SEARCH svcfications USING COVERING INDEX \w+ \(customer_id=\? AND subject=\?( AND \w+=\?)? AND \w+>\?\)$/,
      );
  });

  // So does the history: each page is a range of svcfications_history, with or without a cursor.
  it('history pages seek the index svcfications_history', async () => {
    const { identifier } = await user();
    await create({ desired_level: 1, user_identifier: identifier });
    await create({ desired_level: 1, user_identifier: identifier });
    seen.clear();
    const [newest] = await rp().listSvcfications(identifier, { limit: 1 });
    await rp().listSvcfications(identifier, { before: newest?.created_at });
    await rp().listSvcfications(identifier, { before: newest?.created_at, beforeId: newest?.id });
    const pages = [...seen].filter(([sql]) => /^select/i.test(sql) && sql.includes('order by'));
    expect(pages).toHaveLength(3);
    for (const [sql, parameters] of pages) {
      const plan = await planOf(sql, parameters);
      expect(plan.find((step) => step.includes(' svcfications '))).toMatch(
        /^SEARCH svcfications USING INDEX svcfications_history \(customer_id=\? AND user_identifier=\?( AND created_at<\?)?\)$/,
      );
      // Read in created_at order; only svcfications of one instant are sorted by id.
      expect(plan).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });

  // SQLite matches a partial index's `col = value` condition against the values bound at each run,
  // so every statement binding that column would be prepared anew each time (a 4x slower `next`).
  it('partial indexes are conditioned on `is not null` only', async () => {
    const { rows } = await t.store.db.executeQuery<{ name: string; sql: string }>(
      CompiledQuery.raw(
        `select name, sql from sqlite_master where type = 'index' and sql like '% where %'`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { sql } of rows) expect(sql).toMatch(/ where "\w+" is not null$/i);
  });
});
