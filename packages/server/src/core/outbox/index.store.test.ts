import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { randomIds } from '../ids.js';
import { openTestStore } from '../../../test/helpers.js';
import { Outbox, purgeOutbox } from './index.js';

describe('outbox purge', () => {
  it('deletes delivered items after 7 days and dead ones after 30; pending ones stay', async () => {
    const store = await openTestStore();
    const clock = new ManualClock();
    const outbox = new Outbox(clock, randomIds);
    for (const target of ['delivered', 'dead', 'pending'])
      await outbox.enqueue(store.db, { kind: 'callback', target, payload: {} });
    for (const state of ['delivered', 'dead'] as const)
      await store.db.updateTable('outbox').set({ state }).where('target', '=', state).execute();
    const left = async () =>
      (await store.db.selectFrom('outbox').selectAll().execute()).map((r) => r.state).sort();
    clock.advance(7 * 86_400_000 - 1000);
    expect(await purgeOutbox(store.db, clock.now())).toBe(0);
    clock.advance(2000);
    expect(await purgeOutbox(store.db, clock.now())).toBe(1);
    expect(await left()).toEqual(['dead', 'pending']);
    clock.advance(23 * 86_400_000);
    expect(await purgeOutbox(store.db, clock.now())).toBe(1);
    expect(await left()).toEqual(['pending']);
    await store.close();
  });
});
