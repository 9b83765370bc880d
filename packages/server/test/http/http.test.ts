import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCalls } from '../identity.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ bodyLimit: 4096 });
});
afterAll(async () => t.close());
const { signedInject } = identityCalls(() => t);

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

  it('lone UTF-16 surrogates, as JSON escapes or as bytes, → 400 in every area', async () => {
    const refused = (res: { statusCode: number; json: () => unknown }, what: string) => {
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({
        error: 'BAD_REQUEST',
        message: expect.any(String),
        description: expect.stringMatching(/surrogate|UTF-8/),
      });
    };
    const aamva = (id: string) => JSON.stringify({ aamva: { identification_id: id } });
    for (const id of ['DL\ud800', 'DL\udc00X', '\ude00\ud83d']) refused(await post(aamva(id)), id);
    refused(await post('{"\\udbff": 1, "aamva": {"identification_id": "DL000001"}}'), 'key');
    refused(await post('{"aamva": {"identification_id": "DL\\ud800"}}'), 'escape');
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
      const payload = Buffer.concat([
        Buffer.from('{"aamva": {"identification_id": "DL'),
        Buffer.from(bytes),
        Buffer.from('"}}'),
      ]);
      refused(
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/verifications',
          headers: {
            authorization: `Bearer ${t.customer.sandbox_token}`,
            'content-type': 'application/json',
          },
          payload,
        }),
        bytes.join(','),
      );
    }
    // A pair, escaped or not, is one character and stays accepted.
    expect((await post('{"aamva": {"identification_id": "DL\\ud83d\\ude00"}}')).statusCode).toBe(
      200,
    );
    const main = await signedInject({
      method: 'POST',
      path: '/api/v2/user_devices',
      body: JSON.stringify({ device_identifier: 'd-1', user_identifier: 'alice\ud800' }),
      contentType: 'application/json',
    });
    refused(main, 'main API');
    const fido = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: {
        authorization: `SVC ${t.customer.fido_api_key}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ user_identifier: '\udfff', user_name: 'x', display_name: 'x' }),
    });
    refused(fido, 'FIDO');
  });

  it('surrogates and malformed escapes in paths and query strings → 400 in every area', async () => {
    for (const url of [
      '/api/v2/user_identifiers/%ED%A0%80',
      '/api/v2/svcfications/x?wait=%ED%A0%80',
      '/api/v2/svcfications/x?wait=%ff',
      '/api/v1/organizations/%ED%B0%80',
      '/api/v1/registrations/x?q=%ED%A0%80',
      '/fido/registrations/%F0%9F',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: 'BAD_REQUEST' });
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
