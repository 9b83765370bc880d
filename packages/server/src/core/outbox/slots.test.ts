import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock.js';
import { randomIds } from '../ids.js';
import { openTestStore } from '../../../test/helpers.js';
import { startReceiver } from '../../../test/e2e/receiver.js';
import { hangingReceiver, rows, workerOn } from '../../../test/outbox.kit.js';
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
    const options = { slots: 2, slotsPerHost: 1, pollMs: 60_000 };
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
