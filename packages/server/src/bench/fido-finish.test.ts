import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { pacedFinishes, type Login } from './fido-finish.js';
import { pacedCount } from './run.js';

describe('pacedFinishes', () => {
  it("sends a lane's logins one after another, in order, and counts the wait in the latency", async () => {
    // Each verify is answered after 120 ms: longer than a lane's turn (2 lanes at 20/s: 100 ms).
    const order: string[] = [];
    const inFlight = new Map<string, number>();
    let overlapped = false;
    const server = createServer((req, res) => {
      const [, lane = '', n = ''] = (req.url ?? '').split('/');
      const now = (inFlight.get(lane) ?? 0) + 1;
      inFlight.set(lane, now);
      if (now > 1) overlapped = true;
      order.push(`${lane}:${n}`);
      req.resume();
      setTimeout(() => {
        inFlight.set(lane, now - 1);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'COMPLETED' }));
      }, 120);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const rate = 20;
    const seconds = 1;
    const { warmUp, total } = pacedCount(rate, seconds);
    const login = (lane: string, n: number): Login => ({
      id: `${lane}-${n}`,
      path: `/${lane}/${n}`,
      secret: 's',
      response: {} as AuthenticationResponseJSON,
    });
    const lanes = ['a', 'b'].map((lane) =>
      Array.from({ length: Math.ceil(total / 2) }, (_, n) => login(lane, n)),
    );
    try {
      const row = await pacedFinishes({ name: 'paced', url, rate, seconds, lanes });
      expect(overlapped).toBe(false);
      for (const lane of ['a', 'b']) {
        const sent = order.filter((o) => o.startsWith(`${lane}:`)).map((o) => Number(o.slice(2)));
        expect(sent).toEqual(Array.from({ length: Math.ceil(total / 2) }, (_, n) => n));
      }
      expect(row.requests).toBe(total - warmUp);
      expect(row.errors).toBe(0);
      // Each lane is offered a login every 100 ms and takes 120 ms: the waits pile up.
      expect(row.p99).toBeGreaterThan(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
