import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvents } from '../../src/core/audit/audit-repo.js';
import { CheckpointKey } from '../../src/core/audit/checkpoint-key.js';
import { integratePending } from '../../src/core/audit/integrate.js';
import { AuditTrail } from '../../src/core/audit/trail.js';
import { eventView } from '../../src/core/audit/view.js';
import { systemClock } from '../../src/core/clock.js';
import { SecretBox } from '../../src/core/crypto/secret-box.js';
import { randomIds } from '../../src/core/ids.js';
import { openStore, type Store } from '../../src/core/store/index.js';
import { leafOf, mth, openNote } from './rfc6962.js';

// Two instances on one PostgreSQL database record events and run their integrators at the same
// time: each log gets one leaf order, every event once, and one key signs. (SQLite runs one
// `svc serve` per data directory: serve-lock.ts.) PostgreSQL-only, like scale-out.e2e.test.ts.
const url = process.env.SVC_TEST_DATABASE_URL;
const schema = `t_${randomBytes(8).toString('hex')}`;
let stores: Store[] = [];

beforeAll(async () => {
  if (!url) return;
  const open = (migrate: boolean) =>
    openStore({ sqlitePath: '', databaseUrl: url, schema, migrate });
  stores = [await open(true)];
  stores.push(await open(false));
});
afterAll(async () => {
  if (stores[0]) await sql.raw(`drop schema ${schema} cascade`).execute(stores[0].db);
  for (const store of stores) await store.close();
});

describe.skipIf(!url)('two instances on PostgreSQL', () => {
  it('write and append concurrently: one leaf order per log, each event once, one key', async () => {
    const box = new SecretBox(randomBytes(32));
    const instances = stores.map((store, n) => ({
      db: store.db,
      trail: new AuditTrail(systemClock, randomIds),
      key: new CheckpointKey(store.db, box, systemClock, `instance-${n}.example/audit`),
    }));
    let writing = true;
    const integrators = instances.map(async ({ db, key }) => {
      const fail = (_log: string, err: unknown) => {
        throw err;
      };
      while (writing) await integratePending(db, key, systemClock, fail);
      await integratePending(db, key, systemClock, fail);
    });
    const writers = instances.flatMap(({ db, trail }) =>
      [0, 1, 2].map(async (w) => {
        for (let i = 0; i < 20; i++)
          await db.transaction().execute((tx) =>
            trail.record(tx, {
              action: 'test.wrote',
              customerId: `c${(w + i) % 2}`,
              details: { w, i },
            }),
          );
      }),
    );
    await Promise.all(writers);
    writing = false;
    await Promise.all(integrators);

    const keys = await Promise.all(instances.map(({ key }) => key.verifierKey()));
    expect(keys[1]).toBe(keys[0]);
    const db = instances[0]!.db;
    let total = 0;
    for (const log of ['c0', 'c1']) {
      const rows = await findEvents(db, log, { after: null, limit: 500 });
      expect(rows.map((r) => r.leaf_index)).toEqual(rows.map((_, i) => i));
      total += rows.length;
      const head = await db
        .selectFrom('audit_logs')
        .selectAll()
        .where('log_id', '=', log)
        .executeTakeFirstOrThrow();
      expect(openNote(head.checkpoint, keys[0]!)).toEqual([
        expect.stringMatching(new RegExp(`/audit/${log}$`)),
        String(rows.length),
        mth(rows.map((r) => leafOf(eventView(r)))).toString('base64'),
      ]);
    }
    expect(total).toBe(2 * 3 * 20);
  });
});
