import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock.js';
import { randomIds } from '../ids.js';
import { openTestStore } from '../../../test/helpers.js';
import { startReceiver } from '../../../test/e2e/receiver.js';
import { hangingReceiver, heldHandler, rows, workerOn } from '../../../test/outbox.kit.js';
import { callbackDeliverer } from './callback.js';
import { Outbox } from './index.js';
import type { Deliver } from './worker.js';

describe('delivery slots', () => {
  it('delivers to a healthy receiver while 1,100 callbacks to a hanging one wait, four at a time', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    const hanging = await hangingReceiver();
    const healthy = await startReceiver();
    // More than one fill reads (20 pages of 50), each to its own URL: the backlog is passed over.
    await store.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 1100; i++)
        await outbox.enqueue(tx, {
          kind: 'callback',
          target: `${hanging.url}/hooks/${i}`,
          payload: { i },
        });
    });
    clock.advance(1);
    await outbox.enqueue(store.db, { kind: 'callback', target: healthy.url, payload: { ok: 1 } });
    const deliver = callbackDeliverer({ allowInsecure: true, timeoutMs: 30_000 });
    const worker = workerOn(store, clock, { callback: deliver }, { pollMs: 10 });
    worker.start();
    expect(await healthy.next()).toMatchObject({ body: { ok: 1 } });
    const pending = (await rows(store)).filter((r) => r.target.startsWith(hanging.url));
    expect(pending.every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
    expect(pending).toHaveLength(1100);
    await vi.waitFor(() => expect(hanging.held()).toBe(4));
    await new Promise((resolve) => setTimeout(resolve, 100)); // several polls: still four
    expect(hanging.held()).toBe(4);
    await worker.stop();
    await Promise.all([hanging.close(), healthy.close()]);
    expect((await rows(store)).at(-1)).toMatchObject({ state: 'delivered', attempts: 1 });
    await store.close();
  }, 10_000);

  it("one customer's hanging hosts hold its share of the slots; another customer's item is sent", async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    // 13 hosts × 4 items that hang: enough, under the per-host cap alone, for all 50 slots.
    await store.db.transaction().execute(async (tx) => {
      for (let host = 1; host <= 13; host++)
        for (let i = 0; i < 4; i++)
          await outbox.enqueue(tx, {
            kind: 'callback',
            target: `https://h${host}.evil.example/cb/${i}`,
            payload: {},
            customerId: 'customer-a',
          });
    });
    clock.advance(1);
    const bank = 'https://bank-b.example/cb';
    await outbox.enqueue(store.db, {
      kind: 'callback',
      target: bank,
      payload: {},
      customerId: 'customer-b',
    });
    const hanging = heldHandler();
    const sent: string[] = [];
    const deliver: Deliver = (item, signal) => {
      if (item.target !== bank) return hanging.deliver(item, signal);
      sent.push(item.target);
      return Promise.resolve();
    };
    const worker = workerOn(store, clock, { callback: deliver }, { pollMs: 10 });
    worker.start();
    await vi.waitFor(() => expect(sent).toEqual([bank]));
    await vi.waitFor(() => expect(hanging.started()).toBe(12)); // a quarter of the 50 slots
    await new Promise((resolve) => setTimeout(resolve, 50)); // several polls: still twelve
    expect(hanging.started()).toBe(12);
    await worker.stop();
    await store.close();
  });

  it('items of no customer share one cap, like a customer; the others still find slots', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    const items: [string, string | undefined][] = [
      ['n1', undefined],
      ['n2', undefined],
      ['n3', undefined],
      ['d1', 'customer-d'],
      ['d2', 'customer-d'],
      ['d3', 'customer-d'],
      ['c1', 'customer-c'],
    ];
    for (const [host, customerId] of items) {
      const item = { kind: 'callback' as const, target: `https://${host}`, payload: {} };
      await outbox.enqueue(store.db, customerId ? { ...item, customerId } : item);
      clock.advance(1);
    }
    const hanging = heldHandler();
    const started: string[] = [];
    const deliver: Deliver = (item, signal) => {
      started.push(item.target);
      return hanging.deliver(item, signal);
    };
    const options = { slots: 6, slotsPerCustomer: 2, pollMs: 10 };
    const worker = workerOn(store, clock, { callback: deliver }, options);
    worker.start();
    await vi.waitFor(() => expect(started).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 50)); // several polls: still five
    expect(started.map((t) => t.slice('https://'.length)).sort()).toEqual([
      'c1',
      'd1',
      'd2',
      'n1',
      'n2',
    ]);
    await worker.stop();
    await store.close();
  });

  it('a slot freed by a host goes to its item that an earlier fill passed over', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    for (const target of ['a/1', 'a/2', 'b/1', 'b/2']) {
      await outbox.enqueue(store.db, {
        kind: 'callback',
        target: `https://${target}`,
        payload: {},
      });
      clock.advance(1);
    }
    const started = new Map<string, () => void>();
    const deliver: Deliver = ({ target }) =>
      new Promise((resolve) => started.set(target, () => resolve()));
    const options = { slots: 2, slotsPerHost: 1, slotsPerCustomer: 2, pollMs: 60_000 };
    const worker = workerOn(store, clock, { callback: deliver }, options);
    worker.start();
    await vi.waitFor(() => expect([...started.keys()]).toEqual(['https://a/1', 'https://b/1']));
    started.get('https://a/1')?.();
    // No poll comes for a minute: the freed slot is filled when a/1's delivery ends.
    await vi.waitFor(() => expect(started.has('https://a/2')).toBe(true));
    for (const finish of started.values()) finish();
    await worker.stop();
    await store.close();
  });
});
