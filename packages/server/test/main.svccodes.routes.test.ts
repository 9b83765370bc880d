import {
  bindUser,
  deviceSigHeader,
  DeviceClient,
  getPairedSvccode,
  pairSvccode,
  RpClient,
  SvcApiError,
  SvccodeClient,
} from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let rp: RpClient;
let browser: SvccodeClient;
const fetchVia = () => injectFetch(t.app);
const newDevice = (creds = t.customer.sdk_credentials) =>
  new DeviceClient({
    baseUrl: 'http://svc',
    credentials: creds,
    fetch: fetchVia(),
    now: () => t.clock.now(),
  });
const registered = async (creds = t.customer.sdk_credentials) => {
  const device = newDevice(creds);
  await device.register();
  return device;
};
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof SvcApiError ? e.status : -1),
  );
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e as SvcApiError).body as Record<string, unknown>,
  );
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
const pairRaw = async (
  device: DeviceClient,
  payload: unknown,
  identifier: unknown = device.identifier,
  sig?: string | null,
) =>
  post(
    '/api/v2/paired_svccodes',
    { identifier, payload },
    sig === null ? {} : { 'x-device-sig': sig ?? (await deviceSigHeader(device.keys.device)) },
  );

beforeAll(async () => {
  t = await testApp();
  rp = new RpClient({
    baseUrl: 'http://svc',
    credentials: t.customer.server_credentials,
    fetch: fetchVia(),
    now: () => t.clock.now(),
  });
  browser = new SvccodeClient({ baseUrl: 'http://svc', fetch: fetchVia() });
});
afterAll(async () => t.close());

describe('POST /api/v2/svccodes', () => {
  it('201 {id, payload} for a known relying party, readable cross-origin', async () => {
    const res = await post(
      '/api/v2/svccodes',
      { relying_party_id: t.customer.id },
      { origin: 'https://rp.example' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; payload: string }>();
    expect(Object.keys(body).sort()).toEqual(['id', 'payload']);
    expect(body.payload).toContain(body.id);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await browser.status(body.id)).toEqual({ id: body.id, paired: false });
  });

  it('400 when relying_party_id is missing, ill-typed or the body is not JSON', async () => {
    for (const body of [
      {},
      { relying_party_id: 42 },
      { relying_party_id: '' },
      { relying_party_id: null },
    ]) {
      const res = await post('/api/v2/svccodes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'MISSING_FIELDS',
        message: expect.any(String),
        description: expect.any(String),
        field_errors: { relying_party_id: expect.any(Array) },
      });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v2/svccodes',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'INVALID_JSON' });
  });

  it('422 for a relying party id no customer has', async () => {
    const res = await post('/api/v2/svccodes', {
      relying_party_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'RELYING_PARTY_UNKNOWN' });
  });
});

describe('CORS', () => {
  it('preflights of the two public endpoints answer 204 with the allowed method and headers', async () => {
    const { id } = await browser.create(t.customer.id);
    for (const [url, method] of [
      ['/api/v2/svccodes', 'POST'],
      [`/api/v2/svccodes/${id}`, 'GET'],
    ] as const) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://rp.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
      expect(String(res.headers['access-control-allow-headers'])).toContain('content-type');
    }
  });

  it('errors of the public endpoints are readable cross-origin; other endpoints allow no origin', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v2/svccodes/nope',
      headers: { origin: 'https://rp.example' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/paired_svccodes',
      headers: { origin: 'https://rp.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const other = await post('/api/v2/paired_svccodes', {}, { origin: 'https://rp.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /api/v2/svccodes/{id}', () => {
  it('404 for an unknown id; 400 for a wait outside 0..30', async () => {
    expect(await status(browser.status('no-such-code'))).toBe(404);
    const { id } = await browser.create(t.customer.id);
    for (const wait of ['31', '-1', 'abc', '1.5'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v2/svccodes/${id}?wait=${wait}` }))
          .statusCode,
        wait,
      ).toBe(400);
    expect(await browser.status(id, { wait: 0 })).toEqual({ id, paired: false });
  });

  it('an unpaired code is gone (404) once expired; a paired one stays readable', async () => {
    const unpaired = await browser.create(t.customer.id);
    const paired = await browser.create(t.customer.id);
    await pairSvccode(await registered(), paired.payload);
    t.clock.advance(t.config.svccodeTtlSeconds * 1000);
    expect(await status(browser.status(unpaired.id))).toBe(404);
    expect(await browser.status(paired.id)).toEqual({ id: paired.id, paired: true });
  });

  it('a long poll is woken by the pairing itself, not by its timeout', async () => {
    const device = await registered();
    const { id, payload } = await browser.create(t.customer.id);
    // The poll waits up to 30 s, as long as the test may run: only the pairing can end it in time.
    let settled = false;
    const poll = browser.status(id, { wait: 30 }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await pairSvccode(device, payload);
    expect(await poll).toEqual({ id, paired: true });
  }, 25_000);

  it('a long poll answers at once when the code is already paired', async () => {
    const { id, payload } = await browser.create(t.customer.id);
    await pairSvccode(await registered(), payload);
    expect(await browser.waitUntilPaired(id)).toEqual({ id, paired: true });
  });
});

describe('POST /api/v2/paired_svccodes', () => {
  it('201 with an empty body; the RP then reads which device paired, once', async () => {
    const device = await registered();
    const { id, payload } = await browser.create(t.customer.id);
    const res = await pairRaw(device, payload);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    expect(await getPairedSvccode(rp, id)).toEqual({ id, identifier: device.identifier });
    expect(await status(getPairedSvccode(rp, id))).toBe(404);
  });

  it('400 for a malformed body', async () => {
    const device = await registered();
    const { payload } = await browser.create(t.customer.id);
    for (const body of [
      { identifier: device.identifier },
      { payload },
      { identifier: 7, payload },
      { identifier: device.identifier, payload: '' },
    ]) {
      const res = await post('/api/v2/paired_svccodes', body, {
        'x-device-sig': await deviceSigHeader(device.keys.device),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'MISSING_FIELDS' });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/paired_svccodes' })).statusCode,
    ).toBe(400);
  });

  it('424 when no device has the identifier', async () => {
    const device = await registered();
    const { payload } = await browser.create(t.customer.id);
    const res = await pairRaw(device, payload, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(424);
    expect(res.json()).toMatchObject({ error: 'DEVICE_UNKNOWN' });
  });

  it('403 for a missing, foreign, malformed or replayed X-Device-Sig; the code stays pairable', async () => {
    const device = await registered();
    const stranger = await registered();
    const { id, payload } = await browser.create(t.customer.id);
    expect((await pairRaw(device, payload, device.identifier, null)).statusCode).toBe(403);
    expect(
      (
        await pairRaw(
          device,
          payload,
          device.identifier,
          await deviceSigHeader(stranger.keys.device),
        )
      ).statusCode,
    ).toBe(403);
    expect((await pairRaw(device, payload, device.identifier, 'not.a-signature')).statusCode).toBe(
      403,
    );
    const once = await deviceSigHeader(device.keys.device, 'nonce-1');
    const other = await browser.create(t.customer.id);
    expect((await pairRaw(device, other.payload, device.identifier, once)).statusCode).toBe(201);
    expect((await pairRaw(device, payload, device.identifier, once)).statusCode).toBe(403);
    expect(await browser.status(id)).toEqual({ id, paired: false });
    expect((await pairRaw(device, payload)).statusCode).toBe(201);
  });

  it('422 for a forged, altered or foreign-key payload', async () => {
    const device = await registered();
    const { payload } = await browser.create(t.customer.id);
    const [prefix, id, expiry, mac] = payload.split('.') as [string, string, string, string];
    const forged = [
      [prefix, id, String(Number(expiry) + 3600), mac].join('.'),
      [prefix, id, expiry, `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`].join('.'),
      [prefix, '00000000-0000-4000-8000-000000000000', expiry, mac].join('.'),
      'hello world',
    ];
    for (const text of forged) {
      const res = await pairRaw(device, text);
      expect(res.statusCode, text).toBe(422);
      expect(res.json()).toMatchObject({ error: 'SVCCODE_INVALID' });
    }
  });

  it('422 once the payload has expired', async () => {
    const device = await registered();
    const { id, payload } = await browser.create(t.customer.id);
    t.clock.advance(t.config.svccodeTtlSeconds * 1000);
    expect((await pairRaw(device, payload)).statusCode).toBe(422);
    expect(await status(getPairedSvccode(rp, id))).toBe(404);
  });

  it('a code pairs once: a second pairing, by the same or another device, is 422', async () => {
    const first = await registered();
    const second = await registered();
    const { id, payload } = await browser.create(t.customer.id);
    expect((await pairRaw(first, payload)).statusCode).toBe(201);
    expect((await pairRaw(first, payload)).statusCode).toBe(422);
    expect((await pairRaw(second, payload)).statusCode).toBe(422);
    expect(await getPairedSvccode(rp, id)).toEqual({ id, identifier: first.identifier });
  });

  it('concurrent pairings of one code: exactly one wins', async () => {
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => registered()));
    const { id, payload } = await browser.create(t.customer.id);
    const codes = await Promise.all(
      devices.map(async (d) => (await pairRaw(d, payload)).statusCode),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    const winner = devices[codes.indexOf(201)];
    expect(await getPairedSvccode(rp, id)).toEqual({ id, identifier: winner?.identifier });
  });

  it("422 for another RP's code; that RP's device pairs it and only that RP reads it", async () => {
    const other = await t.newCustomer('other rp');
    const ours = await registered();
    const theirs = await registered(other.sdk_credentials);
    const { id, payload } = await browser.create(other.id);
    expect((await pairRaw(ours, payload)).statusCode).toBe(422);
    expect((await pairRaw(theirs, payload)).statusCode).toBe(201);
    expect(await status(getPairedSvccode(rp, id))).toBe(404);
    const otherRp = new RpClient({
      baseUrl: 'http://svc',
      credentials: other.server_credentials,
      fetch: fetchVia(),
      now: () => t.clock.now(),
    });
    expect(await getPairedSvccode(otherRp, id)).toEqual({ id, identifier: theirs.identifier });
  });
});

describe('GET /api/v2/paired_svccodes/{id}', () => {
  it('404 while unknown or not yet paired; 403 without server credentials', async () => {
    const { id, payload } = await browser.create(t.customer.id);
    expect(await status(getPairedSvccode(rp, id))).toBe(404);
    expect(await errorOf(getPairedSvccode(rp, 'unknown'))).toMatchObject({
      error: 'SVCCODE_NOT_FOUND',
    });
    await pairSvccode(await registered(), payload);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/paired_svccodes/${id}` })).statusCode,
    ).toBe(403);
    const sdkCaller = new RpClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: fetchVia(),
      now: () => t.clock.now(),
    });
    expect(await status(getPairedSvccode(sdkCaller, id))).toBe(403);
    expect(await getPairedSvccode(rp, id)).toMatchObject({ id });
  });

  it('concurrent reads: exactly one gets the answer', async () => {
    const { id, payload } = await browser.create(t.customer.id);
    await pairSvccode(await registered(), payload);
    const results = await Promise.all([1, 2, 3, 4].map(() => status(getPairedSvccode(rp, id))));
    expect(results.sort()).toEqual([200, 404, 404, 404]);
  });
});

describe('POST /api/v2/user_bindings', () => {
  const scanned = async (device?: DeviceClient) => {
    const scanner = device ?? (await registered());
    const code = await browser.create(t.customer.id);
    await pairSvccode(scanner, code.payload);
    return { device: scanner, id: code.id };
  };

  it('201: the scanning user gets the identifier and the device an inactive binding', async () => {
    const { device, id } = await scanned();
    const binding = await bindUser(rp, id, 'scan-user-1');
    expect(binding).toMatchObject({
      id: expect.any(String),
      device_identifier: device.identifier,
      user_identifier: 'scan-user-1',
      active: false,
      activated_at: null,
    });
    const svcId = (await rp.getDevice(device.identifier)).svc_id;
    expect(await rp.getUserIdentifier('scan-user-1')).toEqual({
      svc_id: svcId,
      identifier: 'scan-user-1',
    });
    expect((await rp.setBindingActive(binding.id, true)).active).toBe(true);
  });

  it('409 when the scanning user already has an identifier for this RP, whichever', async () => {
    const first = await scanned();
    await bindUser(rp, first.id, 'scan-user-2');
    const again = await scanned(first.device);
    expect(await errorOf(bindUser(rp, again.id, 'someone-else'))).toMatchObject({
      error: 'USER_ALREADY_BOUND',
    });
    expect(await status(bindUser(rp, again.id, 'scan-user-2'))).toBe(409);
    expect(await status(bindUser(rp, first.id, 'scan-user-2'))).toBe(409);
    const premapped = await registered();
    await rp.createUserIdentifier(
      (await rp.getDevice(premapped.identifier)).svc_id,
      'mapped-before',
    );
    expect(await status(bindUser(rp, (await scanned(premapped)).id, 'scan-user-3'))).toBe(409);
  });

  it('424 while the code is not paired (also once it expired unpaired)', async () => {
    const { id } = await browser.create(t.customer.id);
    expect(await errorOf(bindUser(rp, id, 'scan-user-4'))).toMatchObject({
      error: 'SVCCODE_NOT_PAIRED',
    });
    t.clock.advance(t.config.svccodeTtlSeconds * 1000);
    expect(await status(bindUser(rp, id, 'scan-user-4'))).toBe(424);
  });

  it("422 for an unknown code or another RP's code; nothing is written", async () => {
    const other = await t.newCustomer('binding other rp');
    const theirs = await registered(other.sdk_credentials);
    const code = await browser.create(other.id);
    await pairSvccode(theirs, code.payload);
    expect(await errorOf(bindUser(rp, code.id, 'scan-user-5'))).toMatchObject({
      error: 'SVCCODE_INVALID',
    });
    expect(await status(bindUser(rp, 'no-such-code', 'scan-user-5'))).toBe(422);
    expect(await status(rp.getUserIdentifier('scan-user-5'))).toBe(404);
  });

  it('400 for missing fields; 403 without server credentials', async () => {
    const { id } = await scanned();
    for (const body of [
      { svccode_id: id },
      { user_identifier: 'x' },
      { svccode_id: id, user_identifier: 5 },
    ]) {
      expect(
        await errorOf(rp.request('POST', '/api/v2/user_bindings', body)),
        JSON.stringify(body),
      ).toMatchObject({ error: 'MISSING_FIELDS' });
    }
    expect(
      (await post('/api/v2/user_bindings', { svccode_id: id, user_identifier: 'x' })).statusCode,
    ).toBe(403);
    const sdkCaller = new RpClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: fetchVia(),
      now: () => t.clock.now(),
    });
    expect(await status(bindUser(sdkCaller, id, 'x'))).toBe(403);
  });
});

describe('demo page', () => {
  it('says so when there is no demo customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('No demo customer');
    expect(res.body).not.toContain('<img');
  });

  it("shows the demo customer's codes; the QR endpoint draws only genuine, live payloads", async () => {
    const demo = await t.newCustomer('demo');
    const res = await t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.body).toContain(`data-relying-party="${demo.id}"`);
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 1000) * 1000)); // expiry is kept in whole seconds
    const { payload } = await browser.create(demo.id);
    const qr = await t.app.inject({
      method: 'GET',
      url: `/demo/svccode/qr?payload=${encodeURIComponent(payload)}`,
    });
    expect(qr.json()).toEqual({
      data_url: expect.stringMatching(/^data:image\/png;base64,/),
      expires_in: t.config.svccodeTtlSeconds,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/demo/svccode/qr?payload=anything' })).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/demo/svccode/qr' })).statusCode).toBe(400);
  });
});

describe('shutdown', () => {
  it('releases waiting long polls when the app closes', async () => {
    const own = await testApp();
    const client = new SvccodeClient({ baseUrl: 'http://svc', fetch: injectFetch(own.app) });
    const { id } = await client.create(own.customer.id);
    // The poll waits up to 30 s, longer than the test may run: only the close can end it in time.
    const poll = client.status(id, { wait: 30 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await own.app.close();
    expect(await poll).toEqual({ id, paired: false });
    await own.store.close();
  }, 25_000);
});
