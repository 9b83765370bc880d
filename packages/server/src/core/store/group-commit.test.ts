import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerDurability } from '../http/durability.js';
import { createMetrics } from '../metrics.js';
import { Waiters } from '../waiters.js';
import { openStore, type Store } from './index.js';

// Group commit needs a real SQLite file (an in-memory database has no WAL to sync).
let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-group-commit-'));
  store = await openStore({ sqlitePath: join(dir, 'svc.db') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const addNonce = (value: string) =>
  store.db.insertInto('nonces').values({ value, expires_at: '2030-01-01T00:00:00Z' }).execute();

describe('group commit (SQLite, synchronous FULL)', () => {
  it('a commit is pending until a WAL sync covers it; reads are not commits', async () => {
    await store.durability.durable();
    expect(store.durability.pending).toBe(false);
    await store.db.selectFrom('nonces').selectAll().execute();
    expect(store.durability.pending).toBe(false);
    await addNonce('one');
    expect(store.durability.pending).toBe(true);
    await store.durability.durable();
    expect(store.durability.pending).toBe(false);
  });

  it('a transaction counts at its commit', async () => {
    await store.durability.durable();
    await store.db.transaction().execute(async (tx) => {
      await tx.insertInto('nonces').values({ value: 'tx', expires_at: '2030' }).execute();
    });
    expect(store.durability.pending).toBe(true);
  });

  it('concurrent waiters share WAL syncs', async () => {
    await store.durability.durable();
    const before = store.durability.stats?.syncs ?? 0;
    const waits = [];
    for (let i = 0; i < 20; i++) {
      await addNonce(`n${i}`);
      waits.push(store.durability.durable());
    }
    await Promise.all(waits);
    expect(store.durability.pending).toBe(false);
    // The first sync covers what was written before it started; one more covers the rest.
    expect((store.durability.stats?.syncs ?? 0) - before).toBeLessThanOrEqual(2);
  });

  it('no answer leaves before the commits made for it are on disk', async () => {
    const app = Fastify();
    registerDurability(app, store.durability);
    app.post('/write', async () => {
      await addNonce('answered');
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(200);
    expect(store.durability.pending).toBe(false);
    expect(store.durability.stats?.commits).toBeGreaterThan(0);
    await app.close();
  });

  it('/metrics shows the commits, the WAL syncs and how long each sync took', async () => {
    const metrics = createMetrics({ store, waiters: new Waiters() });
    await addNonce('counted');
    await store.durability.durable();
    await addNonce('counted again');
    await store.durability.durable();
    const text = await metrics.registry.metrics();
    const figure = (name: string) =>
      Number(new RegExp(`^${name} ([\\d.e-]+)$`, 'm').exec(text)?.[1]);
    expect(figure('svc_sqlite_commits_total')).toBeGreaterThan(0);
    expect(figure('svc_sqlite_wal_syncs_total')).toBeGreaterThan(0);
    // Every sync since the metrics were made is in the histogram, each with its time.
    expect(figure('svc_sqlite_wal_sync_seconds_count')).toBe(2);
    expect(figure('svc_sqlite_wal_sync_seconds_sum')).toBeGreaterThan(0);
    expect(text).toMatch(/^svc_sqlite_wal_sync_seconds_bucket\{le="\+Inf"\} 2$/m);
  });

  it('synchronous NORMAL acknowledges without waiting for syncs', async () => {
    const normal = await openStore({ sqlitePath: join(dir, 'normal.db'), synchronous: 'NORMAL' });
    await normal.db.insertInto('nonces').values({ value: 'x', expires_at: '2030' }).execute();
    // Pending only until the turn's shared transaction commits: no WAL sync is waited for.
    expect(normal.durability.pending).toBe(true);
    await turn();
    expect(normal.durability.pending).toBe(false);
    expect(normal.durability.stats).toBeUndefined();
    await normal.close();
  });
});
