import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
const figures = () => ({ ...(store.walSyncs?.stats ?? { commits: 0, syncs: 0 }) });

describe('group commit (SQLite, synchronous FULL)', () => {
  it('a write resolves once a WAL sync covers it; reads sync nothing', async () => {
    const before = figures();
    await store.db.selectFrom('nonces').selectAll().execute();
    expect(figures()).toEqual(before);
    await addNonce('one');
    const after = figures();
    expect(after.commits).toBe(before.commits + 1);
    expect(after.syncs).toBe(before.syncs + 1);
  });

  it('a transaction counts once, at its end', async () => {
    const before = figures();
    await store.db.transaction().execute(async (tx) => {
      await tx.insertInto('nonces').values({ value: 'a', expires_at: '2030' }).execute();
      await tx.insertInto('nonces').values({ value: 'b', expires_at: '2030' }).execute();
      // Nothing is synced before the commit.
      expect(figures()).toEqual(before);
    });
    expect(figures()).toEqual({ commits: before.commits + 1, syncs: before.syncs + 1 });
  });

  it('concurrent writers share WAL syncs', async () => {
    const before = figures();
    await Promise.all(Array.from({ length: 20 }, (_, i) => addNonce(`n${i}`)));
    const after = figures();
    expect(after.commits - before.commits).toBe(20);
    // The first sync covers the first commit; the others commit while it runs and share the next.
    expect(after.syncs - before.syncs).toBeLessThanOrEqual(3);
  });

  it('/metrics shows the commits, the WAL syncs and how long each sync took', async () => {
    const metrics = createMetrics({ store, waiters: new Waiters() });
    await addNonce('counted');
    await addNonce('counted again');
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

  it('synchronous NORMAL acknowledges without WAL syncs', async () => {
    const normal = await openStore({ sqlitePath: join(dir, 'normal.db'), synchronous: 'NORMAL' });
    await normal.db.insertInto('nonces').values({ value: 'x', expires_at: '2030' }).execute();
    expect(normal.walSyncs).toBeNull();
    await normal.close();
  });
});
