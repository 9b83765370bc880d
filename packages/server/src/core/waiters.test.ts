import { describe, expect, it } from 'vitest';
import { Waiters } from './waiters.js';

describe('Waiters', () => {
  it('wakes a watch on notify, times out otherwise, releases all on close', async () => {
    const w = new Waiters();
    const woken = w.watch('a', 10_000).woken;
    w.notify('a');
    expect(await woken).toBe(true);
    expect(await w.watch('b', 5).woken).toBe(false);
    const held = w.watch('c', 10_000).woken;
    w.close();
    expect(await held).toBe(false);
    expect(await w.watch('d', 10_000).woken).toBe(false);
  });

  it('a cancelled watch stops counting; `within` brings its timeout forward', async () => {
    const w = new Waiters();
    const cancelled = w.watch('a', 10_000);
    expect(w.count()).toBe(1);
    cancelled.cancel();
    expect(await cancelled.woken).toBe(false);
    expect(w.count()).toBe(0);
    const soon = w.watch('b', 10_000);
    soon.within(5);
    expect(await soon.woken).toBe(false);
    expect(w.count()).toBe(0);
  });
});

describe('a watch whose client went away', () => {
  it('ends at once when its signal aborts, and stops counting', async () => {
    const waiters = new Waiters();
    const gone = new AbortController();
    const watch = waiters.watch('k', 30_000, gone.signal);
    expect(waiters.count()).toBe(1);
    gone.abort();
    expect(await watch.woken).toBe(false);
    expect(waiters.count()).toBe(0);
    expect(await waiters.watch('k', 30_000, gone.signal).woken).toBe(false);
    expect(waiters.count()).toBe(0);
  });
});
