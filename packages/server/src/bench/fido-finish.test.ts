import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { pacedFinishes, type Login } from './fido-finish.js';
import { pacedCount } from './run.js';

/** A stand-in for the verify call: answers COMPLETED after `delayMs(lane)`, recording what it got. */
async function standIn(delayMs: (lane: string) => number) {
  const sent = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  const seen = { mostAtOnce: 0, laneOverlapped: false };
  const server = createServer((req, res) => {
    const [, lane = '', n = ''] = (req.url ?? '').split('/');
    inFlight.set(lane, (inFlight.get(lane) ?? 0) + 1);
    if ((inFlight.get(lane) ?? 0) > 1) seen.laneOverlapped = true;
    const atOnce = [...inFlight.values()].reduce((a, b) => a + b, 0);
    seen.mostAtOnce = Math.max(seen.mostAtOnce, atOnce);
    sent.set(lane, [...(sent.get(lane) ?? []), Number(n)]);
    req.resume();
    setTimeout(() => {
      inFlight.set(lane, (inFlight.get(lane) ?? 1) - 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'COMPLETED' }));
    }, delayMs(lane));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise((resolve) => server.close(resolve));
  return { url, sent, seen, close };
}

const login = (lane: string, n: number): Login => ({
  id: `${lane}-${n}`,
  path: `/${lane}/${n}`,
  secret: 's',
  response: {} as AuthenticationResponseJSON,
});

/** Two lanes, a and b, each with as many logins as the run sends. */
const twoLanes = (total: number) =>
  ['a', 'b'].map((lane) => Array.from({ length: total }, (_, n) => login(lane, n)));

const rate = 20;
const seconds = 1;
const { warmUp, total } = pacedCount(rate, seconds);

describe('pacedFinishes', () => {
  it("sends a lane's logins one at a time and in order, and counts a wait for a free lane", async () => {
    // Each verify is answered after 120 ms; 2 lanes then finish 16.7 a second, asked for 20.
    const verify = await standIn(() => 120);
    try {
      const row = await pacedFinishes({
        name: 'paced',
        url: verify.url,
        rate,
        seconds,
        lanes: twoLanes(total),
      });
      expect(verify.seen).toEqual({ mostAtOnce: 2, laneOverlapped: false });
      const counts = [...verify.sent.values()].map((ns) => ns.length);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      for (const ns of verify.sent.values()) expect(ns).toEqual(ns.map((_, i) => i));
      expect(row.requests).toBe(total - warmUp);
      expect(row.errors).toBe(0);
      // Both lanes busy most of the time: the waits pile up beyond one answer's 120 ms.
      expect(row.p99).toBeGreaterThan(200);
    } finally {
      await verify.close();
    }
  });

  it('takes whichever lane is free, not each in turn', async () => {
    // Lane b answers in 300 ms, lane a at once: most logins go on a.
    const verify = await standIn((lane) => (lane === 'b' ? 300 : 1));
    try {
      await pacedFinishes({
        name: 'paced',
        url: verify.url,
        rate,
        seconds,
        lanes: twoLanes(total),
      });
      const [a = 0, b = 0] = ['a', 'b'].map((lane) => verify.sent.get(lane)?.length ?? 0);
      expect(a + b).toBe(total);
      expect(a).toBeGreaterThan(3 * b);
    } finally {
      await verify.close();
    }
  });

  it('refuses to start with fewer logins than the run sends', async () => {
    const run = { name: 'paced', url: 'http://127.0.0.1:9', rate, seconds, lanes: [[]] };
    await expect(pacedFinishes(run)).rejects.toThrow(/fewer than 40 logins/);
  });
});
