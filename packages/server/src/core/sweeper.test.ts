import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { createMetrics } from './metrics.js';
import { openTestStore } from '../../test/helpers.js';
import { Sweeper, type Sweep } from './sweeper.js';
import { Waiters } from './waiters.js';

const failures = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.backgroundFailures.get()).values.find((v) => v.labels.loop === 'test')?.value ?? 0;

describe('Sweeper', () => {
  it('goes on past a failing row, counts it and parks it with a growing back-off', async () => {
    const clock = new ManualClock();
    const store = await openTestStore();
    const metrics = createMetrics({ store, waiters: new Waiters() });
    const logged: unknown[] = [];
    const sweeper = new Sweeper({
      clock,
      metrics,
      logger: { error: (o: unknown) => logged.push(o) },
    });
    const done: string[] = [];
    let attempts = 0;
    const sweep: Sweep<string> = {
      name: 'test',
      due: async () => ['poisoned', 'fine'].filter((row) => !done.includes(row)),
      key: (row) => row,
      run: async (row) => {
        if (row === 'poisoned') {
          attempts += 1;
          throw new Error('bad row');
        }
        done.push(row);
      },
    };
    expect(await sweeper.pass(sweep)).toBe(2);
    expect(done).toEqual(['fine']);
    expect(await failures(metrics)).toBe(1);
    expect(logged).toHaveLength(1);

    expect(await sweeper.pass(sweep)).toBe(0); // parked for 5 s
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(1);
    expect(attempts).toBe(2);
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(0); // now parked for 10 s
    clock.advance(5_000);
    expect(await sweeper.pass(sweep)).toBe(1);
    expect(await failures(metrics)).toBe(3);
    await store.close();
  });
});
