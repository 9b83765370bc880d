import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { randomIds } from '../ids.js';
import { createMetrics } from '../metrics.js';
import { Waiters } from '../waiters.js';
import { openTestStore } from '../../../test/helpers.js';
import { Outbox } from './index.js';
import { OutboxWorker, retryDelayMs } from './worker.js';

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined };

describe('outbox worker', () => {
  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(4, 1000, () => 0.5)).toBe(8000);
    expect(retryDelayMs(3, 1000, () => 0)).toBe(3200);
    expect(retryDelayMs(3, 1000, () => 1)).toBe(4800);
    expect(retryDelayMs(40, 1000, () => 0.5)).toBe(3_600_000);
  });

  it('retries a failing item until it is delivered once, then marks it delivered', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    let calls = 0;
    const delivered: unknown[] = [];
    const metrics = createMetrics({ store, waiters: new Waiters() });
    const worker = new OutboxWorker({
      db: store.db,
      clock,
      outbox,
      logger: quiet,
      metrics,
      retryBaseMs: 1000,
      handlers: {
        callback: async (item) => {
          calls += 1;
          if (calls < 3) throw new Error('receiver down');
          delivered.push(item.payload);
        },
        sms: async () => undefined,
      },
    });
    await store.db.transaction().execute((tx) =>
      outbox.enqueue(tx, {
        kind: 'callback',
        target: 'https://rp.example.com/x',
        payload: { n: 1 },
      }),
    );
    await worker.pass();
    await worker.pass(); // not due yet: nothing happens
    expect(calls).toBe(1);
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      await worker.pass();
    }
    expect(calls).toBe(3);
    expect(delivered).toEqual([{ n: 1 }]);
    const row = await store.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_error: null });
    const failed = (await metrics.backgroundFailures.get()).values;
    expect(failed).toEqual([{ labels: { loop: 'outbox-callback' }, value: 2 }]);
    const outcomes = (await metrics.outboxDeliveries.get()).values.map((v) => [
      v.labels.outcome,
      v.value,
    ]);
    expect(outcomes).toEqual([
      ['retry', 2],
      ['delivered', 1],
    ]);
    expect(await metrics.registry.getSingleMetricAsString('svc_outbox_pending')).toContain(
      'svc_outbox_pending 0',
    );
    await store.close();
  });

  it('gives up (dead) once the 24 h window is over', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    const worker = new OutboxWorker({
      db: store.db,
      clock,
      outbox,
      logger: quiet,
      retryBaseMs: 1000,
      handlers: { callback: () => Promise.reject(new Error('no')), sms: async () => undefined },
    });
    await outbox.enqueue(store.db, {
      kind: 'callback',
      target: 'https://rp.example.com/x',
      payload: {},
    });
    for (let i = 0; i < 40; i++) {
      await worker.pass();
      clock.advance(60 * 60 * 1000);
    }
    const row = await store.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.state).toBe('dead');
    expect(row.last_error).toBe('no');
    await store.close();
  });
});
