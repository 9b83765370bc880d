import { hmacSignature, svcAuthorization } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { SignedClient } from './signed-client.js';

const credentials = { token: 'token', secret: 'secret' };
const date = new Date('2025-06-02T09:30:00Z');

/** A client whose fetch keeps each request's headers and answers a signed 204, as svc does. */
function recording() {
  const sent: { method: string; path: string; headers: Headers; body: string }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const path = url.pathname + url.search;
    const method = init.method ?? 'GET';
    sent.push({
      method,
      path,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    });
    const answered = date.toUTCString();
    const signature = hmacSignature(credentials.secret, {
      method,
      body: '',
      contentType: '',
      date: answered,
      path,
    });
    return new Response(null, {
      status: 204,
      headers: { 'x-date': answered, 'x-signature': signature },
    });
  };
  const client = new SignedClient({ baseUrl: 'http://svc', credentials, fetch, now: () => date });
  return { client, sent };
}

/** The Authorization svc expects for a request as it arrives (its raw Content-Type and X-Date). */
const expectedAuthorization = (r: {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}) =>
  svcAuthorization(credentials.token, credentials.secret, {
    method: r.method,
    body: r.body,
    contentType: r.headers.get('content-type') ?? '',
    date: r.headers.get('x-date') ?? '',
    path: r.path,
  });

describe('SignedClient.request headers', () => {
  it("a caller's Idempotency-Key, in any casing, is sent as given; without one, none", async () => {
    const { client, sent } = recording();
    await client.request(
      'POST',
      '/api/v2/user_devices',
      { a: 1 },
      { 'Idempotency-Key': 'retry-123' },
    );
    await client.request('DELETE', '/api/v2/svcfications/x', undefined, [
      ['IDEMPOTENCY-KEY', 'retry-456'],
    ]);
    await client.request('POST', '/api/v2/user_devices', { a: 1 });
    expect(sent.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'retry-123',
      'retry-456',
      null,
    ]);
  });

  it("a caller's Content-Type, in any casing, is the one sent and signed", async () => {
    const { client, sent } = recording();
    await client.request(
      'POST',
      '/api/v2/svcfications',
      { action: 'login' },
      { 'Content-Type': 'application/json; charset=utf-8' },
    );
    await client.request('POST', '/api/v2/svcfications', { action: 'login' });
    const [given, own] = sent;
    expect(given?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(own?.headers.get('content-type')).toBe('application/json');
    for (const r of sent) expect(r.headers.get('authorization')).toBe(expectedAuthorization(r));
  });

  it('X-Date and Authorization stay the signature of the request', async () => {
    const { client, sent } = recording();
    await client.request('GET', '/api/v2/devices/d', undefined, {
      'X-Date': 'Thu, 01 Jan 1970 00:00:00 GMT',
      Authorization: 'SVC other:signature',
      'X-Device-Sig': 'kept',
    });
    const [r] = sent;
    expect(r?.headers.get('x-date')).toBe(date.toUTCString());
    expect(r?.headers.get('x-device-sig')).toBe('kept');
    expect(r && r.headers.get('authorization')).toBe(r && expectedAuthorization(r));
  });
});
