import { pairSvccode, SvccodeClient, svccodeExpiry } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { status, useSvccodeApp } from './svccodes.kit.js';
import { injectFetch, testApp } from '../helpers.js';
import { purgeSvccodes } from '../../src/areas/svccodes/svccodes-repo.js';

const { state, registered, post } = useSvccodeApp();
const get = (id: string) => state.t.app.inject({ method: 'GET', url: `/api/v2/svccodes/${id}` });

describe('POST /api/v2/svccodes', () => {
  it('201 {id, payload} for a known relying party, readable cross-origin', async () => {
    const res = await post(
      '/api/v2/svccodes',
      { relying_party_id: state.t.customer.id },
      { origin: 'https://rp.example' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; payload: string }>();
    expect(Object.keys(body).sort()).toEqual(['id', 'payload']);
    // What a browser widget reads: the middle part of the JWS-shaped payload, exp in milliseconds.
    const claims = JSON.parse(
      Buffer.from(body.payload.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toEqual({
      id: body.id,
      exp: state.t.clock.now().getTime() + state.t.config.svccodeTtlSeconds * 1000,
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await state.browser.status(body.id)).toEqual({ id: body.id, paired: false });
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
    const broken = await state.t.app.inject({
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
    const { id } = await state.browser.create(state.t.customer.id);
    for (const [url, method] of [
      ['/api/v2/svccodes', 'POST'],
      [`/api/v2/svccodes/${id}`, 'GET'],
    ] as const) {
      const res = await state.t.app.inject({
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
    const missing = await state.t.app.inject({
      method: 'GET',
      url: '/api/v2/svccodes/nope',
      headers: { origin: 'https://rp.example' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const preflight = await state.t.app.inject({
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
    expect(await status(state.browser.status('no-such-code'))).toBe(404);
    const { id } = await state.browser.create(state.t.customer.id);
    for (const wait of ['31', '-1', 'abc', '1.5'])
      expect(
        (await state.t.app.inject({ method: 'GET', url: `/api/v2/svccodes/${id}?wait=${wait}` }))
          .statusCode,
        wait,
      ).toBe(400);
    expect(await state.browser.status(id, { wait: 0 })).toEqual({ id, paired: false });
  });

  it('400 at once for a wait that is no finite number (1e400 is not an endless hold)', async () => {
    const { id } = await state.browser.create(state.t.customer.id);
    for (const wait of ['1e400', '-1e400', 'Infinity', '-Infinity', 'NaN', '1e21']) {
      const res = await state.t.app.inject({
        method: 'GET',
        url: `/api/v2/svccodes/${id}?wait=${wait}`,
      });
      expect(res.statusCode, wait).toBe(400);
      expect(res.json(), wait).toMatchObject({ field_errors: { wait: [expect.any(String)] } });
    }
  });

  it('an unpaired code answers paired: false for an hour after expiry, then 404; a paired one a day', async () => {
    const unpaired = await state.browser.create(state.t.customer.id);
    const paired = await state.browser.create(state.t.customer.id);
    await pairSvccode(await registered(), paired.payload);
    state.t.clock.advance(state.t.config.svccodeTtlSeconds * 1000);
    expect(await state.browser.status(unpaired.id)).toEqual({ id: unpaired.id, paired: false });
    state.t.clock.advance(60 * 60 * 1000 - 1);
    expect(await state.browser.status(unpaired.id)).toEqual({ id: unpaired.id, paired: false });
    state.t.clock.advance(1);
    expect(await status(state.browser.status(unpaired.id))).toBe(404);
    // Both rows are kept a day past their expiry, then purged.
    state.t.clock.advance(23 * 60 * 60 * 1000 - 1);
    await purgeSvccodes(state.t.store.db, state.t.clock.now());
    expect(await state.browser.status(paired.id)).toEqual({ id: paired.id, paired: true });
    state.t.clock.advance(2);
    await purgeSvccodes(state.t.store.db, state.t.clock.now());
    expect(await status(state.browser.status(paired.id))).toBe(404);
    const left = await state.t.store.db
      .selectFrom('svccodes')
      .select('id')
      .where('id', 'in', [paired.id, unpaired.id])
      .execute();
    expect(left).toEqual([]);
  });

  it('without wait, the answer is held until a device pairs', async () => {
    const device = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    // The default hold is 25 s, longer than this test may take: only the pairing can end it in time.
    let settled = false;
    const poll = get(id).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await pairSvccode(device, payload);
    expect((await poll).json()).toEqual({ id, paired: true });
  }, 25_000);

  it("without wait, a live code's answer comes at its expiry", async () => {
    const { id } = await state.browser.create(state.t.customer.id);
    state.t.clock.advance(state.t.config.svccodeTtlSeconds * 1000 - 20);
    // Held for the 20 ms left (not 25 s): nothing else could end it within the test's time.
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, paired: false });
  });

  it('a long poll is woken by the pairing itself, not by its timeout', async () => {
    const device = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    // The poll waits up to 30 s, as long as the test may run: only the pairing can end it in time.
    let settled = false;
    const poll = state.browser.status(id, { wait: 30 }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await pairSvccode(device, payload);
    expect(await poll).toEqual({ id, paired: true });
  }, 25_000);

  it('waitUntilPaired: paired: true at once when paired, paired: false at once when expired', async () => {
    const pairedCode = await state.browser.create(state.t.customer.id);
    await pairSvccode(await registered(), pairedCode.payload);
    expect(await state.browser.waitUntilPaired(pairedCode)).toEqual({
      id: pairedCode.id,
      paired: true,
    });
    const code = await state.browser.create(state.t.customer.id);
    expect(svccodeExpiry(code.payload)).toEqual(
      new Date(state.t.clock.now().getTime() + state.t.config.svccodeTtlSeconds * 1000),
    );
    state.t.clock.advance(state.t.config.svccodeTtlSeconds * 1000);
    expect(await state.browser.waitUntilPaired(code)).toEqual({ id: code.id, paired: false });
  });

  it('waitUntilPaired resolves when a device pairs', async () => {
    const device = await registered();
    const code = await state.browser.create(state.t.customer.id);
    const waiting = state.browser.waitUntilPaired(code);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pairSvccode(device, code.payload);
    expect(await waiting).toEqual({ id: code.id, paired: true });
  }, 25_000);
});

describe('an expired code and a widget that polls again at once', () => {
  it('each poll without wait is held the whole 25 s, not answered at once; wait=0 answers at once', async () => {
    const own = await testApp();
    const client = new SvccodeClient({ baseUrl: 'http://svc', fetch: injectFetch(own.app) });
    const { id } = await client.create(own.customer.id);
    own.clock.advance(own.config.svccodeTtlSeconds * 1000);
    expect(await client.status(id, { wait: 0 })).toEqual({ id, paired: false });
    let settled = false;
    const poll = own.app
      .inject({ method: 'GET', url: `/api/v2/svccodes/${id}` })
      .finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    // Only the close can end the 25 s hold within the test's time.
    await own.app.close();
    expect((await poll).json()).toEqual({ id, paired: false });
    await own.store.close();
  }, 25_000);
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
