import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FairShare } from './fair-share.js';

let now = 1000;
const clock = () => now;
beforeEach(() => {
  vi.useFakeTimers();
  now = 1000;
});
afterEach(() => vi.useRealTimers());

/** Answers `n` requests of `party` at once, recording the order they were sent in. */
function burst(share: FairShare, party: string, n: number, sent: string[], contender = true) {
  for (let i = 0; i < n; i++) share.answer(party, contender, () => sent.push(`${party}${i}`));
}

/** Moves time on by `ms` and lets the share's timer run. */
function tick(ms = 1): void {
  now += ms;
  vi.advanceTimersByTime(ms);
}

describe('FairShare', () => {
  it('never paces a customer served alone', () => {
    const share = new FairShare(2, { now: clock });
    const sent: string[] = [];
    burst(share, 'a', 50, sent);
    expect(sent).toHaveLength(50);
    expect(share.paced).toBe(0);
  });

  it('while another customer is served, sends `perMs` a millisecond after a burst of two ms, in order', () => {
    const share = new FairShare(3, { now: clock });
    const sent: string[] = [];
    share.answer('b', true, () => sent.push('b'));
    burst(share, 'a', 10, sent);
    expect(sent).toEqual(['b', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5']); // the burst: 6
    share.answer('b', true, () => sent.push('b again')); // not held behind a
    expect(sent.at(-1)).toBe('b again');
    share.answer('a', true, () => sent.push('a10')); // a later answer waits behind the earlier
    tick();
    expect(sent.slice(-3)).toEqual(['a6', 'a7', 'a8']);
    tick();
    expect(sent.slice(-2)).toEqual(['a9', 'a10']);
    expect(share.paced).toBe(5);
  });

  it('sends everything waiting once the other customer has not been served for `contentionMs`', () => {
    const share = new FairShare(1, { now: clock, contentionMs: 1000 });
    const sent: string[] = [];
    share.answer('b', true, () => sent.push('b'));
    burst(share, 'a', 40, sent);
    expect(sent).toHaveLength(3);
    for (let i = 0; i < 12; i++) tick(100); // a keeps its queue, b is gone after a second
    expect(sent).toHaveLength(41);
    burst(share, 'a', 5, sent); // alone again: unpaced
    expect(sent).toHaveLength(46);
  });

  it("paces an address's refusals while a customer is served, never a customer for an address", () => {
    const share = new FairShare(1, { now: clock });
    const sent: string[] = [];
    burst(share, 'address:x', 10, sent, false);
    expect(sent).toHaveLength(10); // no customer served: nothing to protect
    burst(share, 'a', 10, sent);
    expect(sent).toHaveLength(20); // addresses do not make a customer wait
    burst(share, 'address:y', 10, sent, false);
    expect(sent).toHaveLength(21); // a customer is served: the address is paced (a fifth of 1/ms)
  });

  it('refuses to hold more than 1024 answers for one party', () => {
    const share = new FairShare(1, { now: clock });
    share.answer('b', true, () => {});
    const held = Array.from({ length: 1100 }, () => share.answer('a', true, () => {}));
    expect(held.filter((h) => !h)).toHaveLength(1100 - 2 - 1024);
  });

  it('on drain sends everything waiting and paces nothing more', () => {
    const share = new FairShare(1, { now: clock });
    const sent: string[] = [];
    share.answer('b', true, () => sent.push('b'));
    burst(share, 'a', 10, sent);
    expect(sent).toHaveLength(3);
    share.drain();
    expect(share.draining).toBe(true);
    expect(sent).toHaveLength(11);
    burst(share, 'c', 10, sent);
    expect(sent).toHaveLength(21);
  });

  it('a send that throws is reported and the others still go out', () => {
    const errors: unknown[] = [];
    const share = new FairShare(1, { now: clock, onError: (err) => errors.push(err) });
    const sent: string[] = [];
    share.answer('b', true, () => {});
    burst(share, 'a', 2, sent);
    share.answer('a', true, () => {
      throw new Error('boom');
    });
    burst(share, 'c', 3, sent);
    tick(3);
    expect(errors).toEqual([new Error('boom')]);
    expect(sent).toEqual(['a0', 'a1', 'c0', 'c1', 'c2']);
  });

  it('while customers contend, cuts the share while the loop is busy and restores it once not', () => {
    let busy = 1;
    const share = new FairShare(4, { now: clock, utilization: () => busy });
    share.answer('b', true, () => {});
    expect(share.perMsNow).toBe(4); // b alone
    const served = () => ['a', 'b'].forEach((party) => share.answer(party, true, () => {}));
    for (let i = 0; i < 3; i++) {
      tick(100);
      served();
    }
    expect(share.perMsNow).toBeCloseTo(4 * 0.75 ** 3);
    for (let i = 0; i < 30; i++) {
      tick(100);
      served();
    }
    expect(share.perMsNow).toBe(4 / 20); // the floor
    busy = 0.85; // between the thresholds: kept
    tick(100);
    served();
    expect(share.perMsNow).toBe(4 / 20);
    busy = 0.5;
    for (let i = 0; i < 40; i++) {
      tick(100);
      served();
    }
    expect(share.perMsNow).toBe(4); // the ceiling, never above
  });

  it('paces a contending customer at the share it was cut to', () => {
    const share = new FairShare(4, { now: clock, utilization: () => 1 });
    for (let i = 0; i < 30; i++) {
      tick(100);
      ['a', 'b'].forEach((party) => share.answer(party, true, () => {}));
    }
    const sent: string[] = [];
    burst(share, 'x', 20, sent); // a third customer, its bucket new: a burst of two ms at 0.2/ms
    expect(sent).toHaveLength(1);
    tick(5);
    expect(sent).toHaveLength(2);
  });

  it('paces only the customer asking most: a quieter one is served at once', () => {
    const share = new FairShare(4, { now: clock, utilization: () => 1 });
    let held = 0;
    // Over 3 s of a saturated loop, b asks 0.5 a millisecond and a floods at 2.
    for (let ms = 0; ms < 3000; ms += 2) {
      tick(2);
      for (let i = 0; i < 4; i++) share.answer('a', true, () => {});
      let sent = false;
      share.answer('b', true, () => (sent = true));
      if (!sent) held += 1;
    }
    expect(share.perMsNow).toBe(4 / 20); // a is paced at the floor
    expect(held).toBeLessThanOrEqual(1); // b's first answer, before a period counted it
    expect(share.paced).toBeGreaterThan(1000); // a waited
  });

  it('a customer alone is served at once however busy the loop', () => {
    const share = new FairShare(4, { now: clock, utilization: () => 1 });
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      tick(100);
      burst(share, 'a', 10, sent);
    }
    expect(sent).toHaveLength(50);
    expect(share.perMsNow).toBe(4);
  });
});
