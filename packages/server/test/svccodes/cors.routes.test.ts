import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';

// Three requests per address and window: the fourth from one address is refused (429).
const state = useTestApp(() => ({}), { rateLimitPerAddress: 3 });
const origin = 'https://rp.example';

const send = (
  method: 'GET' | 'POST' | 'OPTIONS' | 'DELETE',
  url: string,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) =>
  state.t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { origin, ...headers },
    ...(method === 'POST' ? { payload: { relying_party_id: state.t.customer.id } } : {}),
  });

const preflight = (url: string, remoteAddress: string) =>
  send('OPTIONS', url, remoteAddress, {
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
  });

describe('CORS on every answer of the public svccode endpoints', () => {
  it('a rate-limited create (429) is readable cross-origin, Retry-After included', async () => {
    const address = '10.1.0.1';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await send('POST', '/api/v2/svccodes', address));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    const refused = answers[3]!;
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(String(refused.headers['access-control-expose-headers'])).toMatch(/retry-after/i);
  });

  it('a preflight is answered 204 with its CORS headers even once the address is limited', async () => {
    const address = '10.1.0.2';
    for (let i = 0; i < 4; i++) await send('POST', '/api/v2/svccodes', address);
    for (const url of ['/api/v2/svccodes', '/api/v2/svccodes/some-id']) {
      const res = await preflight(url, address);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    }
    // The request itself is still refused, and says so readably.
    const refused = await send('POST', '/api/v2/svccodes', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('URL failures on their paths (bad escapes, NUL, overlong ids) are readable cross-origin', async () => {
    const cases = [
      ['/api/v2/svccodes/%ZZ', 400],
      ['/api/v2/svccodes/a%00b', 400],
      [`/api/v2/svccodes/${'a'.repeat(600)}`, 414],
      ['/api/v2/svccodes/%ED%A0%80', 400],
      ['/api/v2/svccodes/x?wait=%ZZ', 400],
    ] as const;
    for (const [i, [url, code]] of cases.entries()) {
      const res = await send('GET', url, `10.1.3.${i}`);
      expect(res.statusCode, url).toBe(code);
      expect(res.json<{ error: string }>().error, url).toMatch(/BAD_REQUEST|URI_TOO_LONG/);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('a method no route takes, on their paths, is a readable 404', async () => {
    const res = await send('DELETE', '/api/v2/svccodes/some-id', '10.1.0.5');
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('other paths, failing the same ways, allow no origin', async () => {
    for (const [i, url] of [
      '/api/v2/devices/%ZZ',
      '/api/v2/devices/a%00b',
      `/api/v2/devices/${'a'.repeat(600)}`,
      '/api/v2/paired_svccodes/%ZZ',
      '/api/v2/svccodes/a/b',
      '/api/v2/svccodesx',
    ].entries()) {
      const res = await send('GET', url, `10.1.4.${i}`);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
