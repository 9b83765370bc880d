import { describe, expect, it } from 'vitest';
import { statusHoldMs } from '../../server/src/areas/svccodes/status-hold.js';
import { SvccodeClient } from '../src/index.js';

const ttlMs = 120_000;
const start = Date.parse('2025-06-02T09:30:00Z');
const expiresAt = start + ttlMs;

/**
 * A service on a simulated clock that holds status reads by its own rule (`statusHoldMs`): each
 * read moves the clock on by the hold, to the pairing (`pairAt`) when that comes first. The page
 * starts waiting at `from`; its clock reads `skewMs` behind the service's (negative: ahead).
 */
function simulated(skewMs: number, pairAt = Infinity, from = start) {
  let clock = from;
  const waits: number[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const wait = Number(url.searchParams.get('wait') ?? 25);
    waits.push(wait);
    const code = { expires_at: new Date(expiresAt).toISOString(), paired_device: null };
    const hold = statusHoldMs(code, new Date(clock), wait);
    const paired = pairAt < expiresAt && pairAt <= clock + hold;
    clock = paired ? Math.max(clock, pairAt) : clock + hold;
    return Response.json({ id: 'code', paired });
  };
  const client = new SvccodeClient({
    baseUrl: 'http://svc',
    fetch,
    now: () => new Date(clock - skewMs),
  });
  return { client, waits, clock: () => clock };
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const code = {
  id: 'code',
  payload: [
    base64url('{"alg":"HS256","typ":"JWT"}'),
    base64url(JSON.stringify({ id: 'code', exp: expiresAt })),
    'mac',
  ].join('.'),
};

describe('waitUntilPaired with a page clock that differs from the service', () => {
  it.each([
    ['in step', 0],
    ['3 s behind', 3_000],
    ['40 s behind', 40_000],
  ])('%s: answers unpaired at the expiry, not a wait later', async (_, skewMs) => {
    const { client, waits, clock } = simulated(skewMs);
    expect(await client.waitUntilPaired(code)).toEqual({ id: 'code', paired: false });
    expect(clock()).toBeGreaterThanOrEqual(expiresAt);
    expect(clock() - expiresAt).toBeLessThanOrEqual(1_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(25);
  });

  it('3 s ahead: still sees the code to its expiry, as svc answers it', async () => {
    const { client, clock } = simulated(-3_000);
    expect(await client.waitUntilPaired(code)).toEqual({ id: 'code', paired: false });
    expect(clock()).toBe(expiresAt);
  });

  it('10 s ahead: ends at most that much early', async () => {
    const { client, clock } = simulated(-10_000);
    expect(await client.waitUntilPaired(code)).toEqual({ id: 'code', paired: false });
    expect(clock()).toBeGreaterThanOrEqual(expiresAt - 10_000);
    expect(clock()).toBeLessThan(expiresAt);
  });

  it('3 s behind, a wait that ran out right at the expiry: the next is short', async () => {
    // Five whole waits end exactly at the expiry: no early answer tells of it.
    const { client, clock } = simulated(3_000, Infinity, expiresAt - 125_000);
    expect(await client.waitUntilPaired(code)).toEqual({ id: 'code', paired: false });
    expect(clock() - expiresAt).toBeLessThanOrEqual(3_000 + 5_000);
  });

  it('a pairing just before the expiry is seen, behind or not', async () => {
    for (const skewMs of [-3_000, 0, 3_000, 40_000]) {
      const { client, clock } = simulated(skewMs, expiresAt - 2_000);
      expect(await client.waitUntilPaired(code)).toEqual({ id: 'code', paired: true });
      expect(clock()).toBe(expiresAt - 2_000);
    }
  });

  it('a given wait bounds every poll', async () => {
    const { client, waits } = simulated(3_000);
    await client.waitUntilPaired(code, { wait: 10 });
    expect(Math.max(...waits)).toBeLessThanOrEqual(10);
    expect(waits.length).toBeGreaterThan(ttlMs / 10_000 - 1);
  });
});
