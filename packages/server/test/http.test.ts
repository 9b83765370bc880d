import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ bodyLimit: 4096 });
});
afterAll(async () => t.close());

const post = (
  payload: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: { authorization: `Bearer ${t.customer.sandbox_token}`, ...headers },
    payload,
  });

describe('every request', () => {
  it('malformed JSON → 400 Error body', async () => {
    const res = await post('{"aamva": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'INVALID_JSON',
      message: expect.any(String),
      description: expect.any(String),
    });
  });

  it('a body over the limit → 413 Error body', async () => {
    const res = await post(
      JSON.stringify({ aamva: { identification_id: 'DL000001', pad: 'x'.repeat(5000) } }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('a wrong content type → 415 Error body', async () => {
    const res = await post('aamva=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('JSON with a charset parameter is JSON', async () => {
    const res = await post(JSON.stringify({ aamva: { identification_id: 'DL000001' } }), {
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(res.statusCode).toBe(200);
  });

  it('a JSON array, a string or proto pollution never produce a 500', async () => {
    for (const body of [
      '[]',
      '"x"',
      '{"__proto__": {"x": 1}, "aamva": {"identification_id": "DL000001"}}',
      'null',
    ]) {
      const res = await post(body);
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
    }
  });

  it('NUL characters and malformed or overlong URLs → 4xx Error bodies', async () => {
    const auth = { authorization: `Bearer ${t.customer.sandbox_token}` };
    const nul = await post(JSON.stringify({ aamva: { identification_id: 'DL\u00000001' } }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: 'BAD_REQUEST' });
    for (const [url, code] of [
      ['/api/v2/devices/%00', 400],
      ['/api/v2/devices/%ff', 400],
      [`/api/v2/devices/${'a'.repeat(5000)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url.slice(0, 30)).toBe(code);
      expect(res.json()).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        description: expect.any(String),
      });
    }
  });

  it('an unknown route is a 404 even with a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(404);
  });

  it('an unknown route → 404 Error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'ROUTE_NOT_FOUND',
      message: expect.any(String),
      description: 'No route for GET /nope.',
    });
  });

  it('answers health, metrics, a request id, and the sandbox OpenAPI document', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toBe('abc-123');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
      'svc_http_request_duration_seconds',
    );
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/sandbox/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/api/v2/verifications']);
  });

  it.each([
    ['main', '/api/v2/svcfications'],
    ['fido', '/api/v1/authentications'],
  ])('serves the %s OpenAPI document and a browsable page', async (area, path) => {
    const doc = (await t.app.inject({ method: 'GET', url: `/docs/${area}/openapi.json` })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(doc.paths).toHaveProperty([path]);
    expect(doc.paths).not.toHaveProperty(['/api/v2/verifications']);
    const page = await t.app.inject({ method: 'GET', url: `/docs/${area}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
