import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock.js';
import { randomIds } from '../ids.js';
import { createMetrics } from '../metrics.js';
import type { Store } from '../store/index.js';
import { Waiters } from '../waiters.js';
import { openTestStore } from '../../../test/helpers.js';
import { hangingReceiver, heldHandler, quiet, rows, workerOn } from '../../../test/outbox.kit.js';
import { callbackDeliverer } from './callback.js';
import { Outbox } from './index.js';
import { OutboxWorker, retryDelayMs, type Deliver } from './worker.js';

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
        push: async () => undefined,
        ciba_ping: async () => undefined,
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
    // Each attempt is kept with its outcome (the console's delivery log).
    const attempts = await store.db
      .selectFrom('outbox_attempts')
      .select(['attempt', 'outcome', 'error'])
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'failed', error: 'receiver down' },
      { attempt: 2, outcome: 'failed', error: 'receiver down' },
      { attempt: 3, outcome: 'delivered', error: null },
    ]);
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
      handlers: {
        callback: () => Promise.reject(new Error('no')),
        sms: async () => undefined,
        push: async () => undefined,
        ciba_ping: async () => undefined,
      },
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

  /**
   * One item and two workers; the first's delivery hangs until its lease has run out. Answers
   * the first worker's pass (still running) and its held delivery.
   */
  async function leaseRunsOut(store: Store, second: Deliver) {
    const clock = new ManualClock();
    const slow = heldHandler();
    const first = workerOn(store, clock, { callback: slow.deliver });
    await new Outbox(clock, randomIds).enqueue(store.db, {
      kind: 'callback',
      target: 'https://rp.example.com/x',
      payload: {},
    });
    const firstPass = first.pass();
    await vi.waitFor(() => expect(slow.started()).toBe(1));
    clock.advance(5 * 60 * 1000); // the first worker's lease runs out while its delivery hangs
    return { firstPass, slow, second: workerOn(store, clock, { callback: second }) };
  }

  it('records no outcome once its lease has passed to another worker', async () => {
    const store = await openTestStore();
    const { firstPass, slow, second } = await leaseRunsOut(store, () => Promise.resolve());
    await second.pass();
    slow.held[0]?.reject(new Error('timed out'));
    await firstPass;
    expect(await rows(store)).toMatchObject([
      { state: 'delivered', attempts: 1, last_error: null },
    ]);
    await store.close();
  });

  it('a late success does not close an item that another worker now holds', async () => {
    const store = await openTestStore();
    const next = heldHandler();
    const { firstPass, slow, second } = await leaseRunsOut(store, next.deliver);
    const secondPass = second.pass();
    await vi.waitFor(() => expect(next.started()).toBe(1));
    slow.held[0]?.resolve();
    await firstPass;
    expect(await rows(store)).toMatchObject([{ state: 'pending', attempts: 0 }]);
    next.held[0]?.reject(new Error('receiver down'));
    await secondPass;
    expect(await rows(store)).toMatchObject([
      { state: 'pending', attempts: 1, last_error: 'receiver down' },
    ]);
    await store.close();
  });

  it('stops at once: deliveries in flight are aborted and their items due again', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    const hanging = await hangingReceiver();
    const sms = heldHandler(); // like a provider that ignores the abort
    const deliver = callbackDeliverer({ allowInsecure: true, timeoutMs: 30_000 });
    const worker = workerOn(store, clock, { callback: deliver, sms: sms.deliver });
    await outbox.enqueue(store.db, { kind: 'callback', target: `${hanging.url}/x`, payload: {} });
    await outbox.enqueue(store.db, { kind: 'sms', target: '+15550100', payload: { body: 'hi' } });
    worker.start();
    await vi.waitFor(() => expect(hanging.held() + sms.started()).toBe(2));
    await worker.stop();
    const now = clock.now().toISOString();
    for (const row of await rows(store))
      expect(row).toMatchObject({ state: 'pending', attempts: 0, next_attempt_at: now });
    await hanging.close();
    await store.close();
  }, 5_000);
});
