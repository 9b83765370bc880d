import { describe, expect, it } from 'vitest';
import { Waiters } from './waiters.js';

describe('Waiters', () => {
  it('wakes a waiter on notify, times out otherwise, releases all on close', async () => {
    const w = new Waiters();
    const woken = w.wait('a', 10_000);
    w.notify('a');
    expect(await woken).toBe(true);
    expect(await w.wait('b', 5)).toBe(false);
    const held = w.wait('c', 10_000);
    w.close();
    expect(await held).toBe(false);
    expect(await w.wait('d', 10_000)).toBe(false);
  });
});
