import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairShare } from './fair-share.js';

let now = 1000.2;
const clock = () => now;
afterEach(() => vi.useRealTimers());

/** Answers `n` requests of `customer` at once; returns the order they were sent in. */
function burst(share: FairShare, customer: string, n: number, sent: string[]): void {
  for (let i = 0; i < n; i++) share.answer(customer, () => sent.push(`${customer}${i}`));
}

describe('FairShare', () => {
  it('never paces a customer served alone', () => {
    vi.useFakeTimers();
    const share = new FairShare(2, 1000, clock);
    const sent: string[] = [];
    burst(share, 'a', 50, sent);
    expect(sent).toHaveLength(50);
    expect(share.paced).toBe(0);
  });

  it('while another customer is served, sends `perMs` answers a millisecond, in order', () => {
    vi.useFakeTimers();
    const share = new FairShare(3, 1000, clock);
    const sent: string[] = [];
    share.answer('b', () => sent.push('b'));
    burst(share, 'a', 8, sent);
    expect(sent).toEqual(['b', 'a0', 'a1', 'a2']);
    share.answer('b', () => sent.push('b again')); // the other customer is not held behind a
    expect(sent.at(-1)).toBe('b again');
    now += 1;
    share.release();
    expect(sent.slice(-3)).toEqual(['a3', 'a4', 'a5']);
    share.answer('a', () => sent.push('a8')); // a later answer waits behind the earlier ones
    now += 1;
    share.release();
    expect(sent.slice(-3)).toEqual(['a6', 'a7', 'a8']);
    expect(share.paced).toBe(6);
  });

  it('releases what waits on its own timer, a millisecond at a time', () => {
    vi.useFakeTimers();
    const share = new FairShare(1, 1000, clock);
    const sent: string[] = [];
    share.answer('b', () => sent.push('b'));
    burst(share, 'a', 4, sent);
    expect(sent).toEqual(['b', 'a0']);
    for (let i = 1; i <= 3; i++) {
      now += 1;
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(2 + i);
    }
    expect(sent).toEqual(['b', 'a0', 'a1', 'a2', 'a3']);
  });

  it('stops pacing once the other customer has not been served for `contentionMs`', () => {
    vi.useFakeTimers();
    const share = new FairShare(1, 1000, clock);
    const sent: string[] = [];
    share.answer('b', () => sent.push('b'));
    burst(share, 'a', 3, sent);
    expect(sent).toHaveLength(2);
    now += 1;
    share.release();
    now += 1;
    share.release();
    expect(sent).toHaveLength(4);
    now += 1500;
    burst(share, 'a', 5, sent);
    expect(sent).toHaveLength(9);
  });
});
