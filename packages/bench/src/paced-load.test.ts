import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSvcAuthorization } from '@svc/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load.js';
import { pacedCount } from './run.js';

/** What a loopback server saw of each request; it answers 503 to /busy, 200 elsewhere. */
const seen: { path: string; from: string; request: IncomingMessage; body: string }[] = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    seen.push({ path: request.url ?? '', from: request.socket.remoteAddress ?? '', request, body });
    response.statusCode = request.url === '/busy' ? 503 : 200;
    response.end('{}');
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pacedLoad', () => {
  it('counts rate × seconds answers after the warm-up; sends from its address, signed, with the body', async () => {
    const rate = 100;
    const [ok, busy] = await Promise.all([
      pacedLoad({
        name: 'ok',
        url: `${base}/ok?x=1`,
        headers: { accept: 'application/json' },
        rate,
        seconds: 1,
        connections: 4,
        localAddress: '127.0.0.2',
        signedBy: { token: 'a.b.c', secret: 'shh' },
      }),
      pacedLoad({
        name: 'busy',
        url: `${base}/busy`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
        rate,
        seconds: 1,
        connections: 2,
      }),
    ]);
    const { total } = pacedCount(rate, 1);
    expect(ok).toMatchObject({ name: 'ok', requests: rate, rps: rate, errors: 0 });
    expect(ok.p50).toBeGreaterThan(0);
    expect(ok.p99).toBeGreaterThanOrEqual(ok.p50);
    // Every request, the warm-up's too, reached the server; a non-200 answer also counts as an error.
    expect(busy).toMatchObject({ requests: rate, errors: rate });
    const sent = seen.filter((s) => s.path === '/ok?x=1');
    expect(sent).toHaveLength(total);
    for (const { from, request } of sent) {
      expect(from).toBe('127.0.0.2');
      expect(request.method).toBe('GET');
      expect(request.headers.accept).toBe('application/json');
      expect(parseSvcAuthorization(request.headers.authorization)?.token).toBe('a.b.c');
    }
    const posted = seen.filter((s) => s.path === '/busy');
    expect(posted).toHaveLength(total);
    for (const { request, body } of posted) {
      expect([request.method, request.headers['content-type'], body]).toEqual([
        'POST',
        'application/json',
        '{"a":1}',
      ]);
    }
  });
});
