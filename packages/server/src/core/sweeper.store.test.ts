import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { createMetrics } from './metrics.js';
import { openTestStore } from '../../test/helpers.js';
import { Sweeper, type Sweep, type SweepCursor } from './sweeper.js';
import { Waiters } from './waiters.js';

const failures = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.backgroundFailures.get()).values.find((v) => v.labels.loop === 'test')?.value ?? 0;

/** A sweeper on a manual clock, with what it logged. */
async function sweeperOnTest() {
  const clock = new ManualClock();
  const store = await openTestStore();
  const metrics = createMetrics({ store, waiters: new Waiters() });
  const logged: unknown[] = [];
  const sweeper = new Sweeper({
    clock,
    metrics,
    logger: { error: (o: unknown) => logged.push(o) },
  });
  return { clock, store, metrics, logged, sweeper };
}

/**
 * A sweep over rows held in memory, read as the repositories read theirs: in (expires_at, id)
 * order after a place. Rows named `bad…` fail; the others are done (and no longer due).
 */
function sweepOver(rows: SweepCursor[]) {
  const done = new Set<string>();
  const attempts = new Map<string, number>();
  const after = (row: SweepCursor, place: SweepCursor) =>
    row.expires_at > place.expires_at || (row.expires_at === place.expires_at && row.id > place.id);
  const sweep: Sweep<SweepCursor> = {
    name: 'test',
    due: async (limit, place) =>
      rows
        .filter((row) => !done.has(row.id) && after(row, place))
        .sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id.localeCompare(b.id))
        .slice(0, limit),
    run: async (row) => {
      attempts.set(row.id, (attempts.get(row.id) ?? 0) + 1);
      if (row.id.startsWith('bad')) throw new Error('bad row');
      done.add(row.id);
    },
  };
  return { sweep, done, attempts };
}

describe('Sweeper', () => {
  it('goes on past a failing row, counts it and parks it with a growing back-off', async () => {
    const { clock, store, metrics, logged, sweeper } = await sweeperOnTest();
    const { sweep, done, attempts } = sweepOver([
      { id: 'bad', expires_at: '1' },
      { id: 'fine', expires_at: '2' },
    ]);
    expect(await sweeper.pass(sweep)).toBe(2);
    expect([...done]).toEqual(['fine']);
    expect(await failures(metrics)).toBe(1);
    expect(logged).toHaveLength(1);

    expect(await sweeper.pass(sweep)).toBe(0); // parked for 5 s
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(1);
    expect(attempts.get('bad')).toBe(2);
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(0); // now parked for 10 s
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(1);
    expect(await failures(metrics)).toBe(3);
    await store.close();
  });

  it('reaches a row behind 1,200 failing ones, and tries each failing row once', async () => {
    const { store, sweeper } = await sweeperOnTest();
    const bad = Array.from({ length: 1200 }, (_, i) => ({
      id: `bad-${String(i).padStart(4, '0')}`,
      expires_at: '1',
    }));
    const { sweep, done, attempts } = sweepOver([...bad, { id: 'good', expires_at: '2' }]);
    let passes = 0;
    while (!done.has('good') && passes < 20) {
      await sweeper.pass(sweep);
      passes += 1;
    }
    expect(done.has('good')).toBe(true);
    expect(passes).toBe(7); // 200 rows run a pass
    for (let i = 0; i < 5; i += 1) expect(await sweeper.pass(sweep)).toBe(0);
    // Parked while the clock stands still: the churn of 1,200 parkings resets no back-off.
    expect(attempts.size).toBe(1201);
    expect(Math.max(...attempts.values())).toBe(1);
    await store.close();
  });

  it('counts and logs a failed read of due rows under the loop, and tries again', async () => {
    const { store, metrics, logged, sweeper } = await sweeperOnTest();
    const { sweep, done } = sweepOver([{ id: 'fine', expires_at: '1' }]);
    const failing: Sweep<SweepCursor> = { ...sweep, due: () => Promise.reject(new Error('down')) };
    expect(await sweeper.pass(failing)).toBe(0);
    expect(await failures(metrics)).toBe(1);
    expect(logged).toEqual([expect.objectContaining({ loop: 'test' })]);
    expect(await sweeper.pass(sweep)).toBe(1);
    expect([...done]).toEqual(['fine']);
    await store.close();
  });
});
