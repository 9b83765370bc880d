import { DeviceClient, RpClient, SvcApiError, svcAuthorization } from '@svc/sdk';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecords } from '../src/areas/sandbox/records-repo.js';
import { injectFetch, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let rp: RpClient;
const newDevice = (creds = t.customer.sdk_credentials) =>
  new DeviceClient({
    baseUrl: 'http://svc',
    credentials: creds,
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
  });
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

beforeAll(async () => {
  t = await testApp();
  rp = new RpClient({
    baseUrl: 'http://svc',
    credentials: t.customer.server_credentials,
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
  });
});
afterAll(async () => t.close());

/** A raw signed request, to tamper with single parts. */
function signedInject(
  parts: {
    method: 'GET' | 'POST' | 'PATCH';
    path: string;
    body?: string;
    contentType?: string;
    date?: string;
  },
  tamper: Partial<{
    method: 'GET' | 'POST' | 'PATCH';
    path: string;
    body: string;
    contentType: string;
    date: string;
  }> = {},
  creds = t.customer.server_credentials,
) {
  const date = parts.date ?? t.clock.now().toUTCString();
  const signed = {
    method: parts.method,
    path: parts.path,
    body: parts.body ?? '',
    contentType: parts.contentType ?? '',
    date,
  };
  const authorization = svcAuthorization(creds.token, creds.secret, signed);
  const sent = { ...signed, ...tamper };
  return t.app.inject({
    method: sent.method,
    url: sent.path,
    payload: sent.body || undefined,
    headers: {
      authorization,
      'x-date': sent.date,
      ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
    },
  });
}

describe('devices', () => {
  it('registers a new key (201), then the same key again (200, same identifier, new JWT verifiable at /jwks)', async () => {
    const device = newDevice();
    const first = await device.register('android');
    expect(first).toMatchObject({
      status: 201,
      active: false,
      is_active: false,
      activated_at: null,
      device_platform: 'android',
    });
    const again = await device.register('android');
    expect(again.status).toBe(200);
    expect(again.identifier).toBe(first.identifier);
    const jwks = (await t.app.inject({ method: 'GET', url: '/jwks' })).json<{
      keys: { kid: string; d?: string }[];
    }>();
    expect(jwks.keys.every((k) => k.kid && k.d === undefined)).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(
      again.jwt,
      createLocalJWKSet(jwks as never),
    );
    expect(payload.sub).toBe(first.identifier);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]?.kid });
  });

  it('JWTs signed before a key rotation still verify, new ones use the new key', async () => {
    const device = newDevice();
    const before = await device.register();
    const kid = await t.ctx.keys.rotate();
    const after = await device.register();
    const jwks = createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/jwks' })).json());
    expect((await jwtVerify(before.jwt, jwks)).payload.sub).toBe(before.identifier);
    expect((await jwtVerify(after.jwt, jwks)).protectedHeader.kid).toBe(kid);
  });

  it('X-Device-Sig must be made with the registered key: missing, foreign, replayed → 403', async () => {
    const device = newDevice();
    const body = {
      device_public_key: (await import('@svc/sdk')).publicJwk(device.keys.device),
      device_platform: 'ios',
    };
    expect(await status(device.request('POST', '/api/v2/devices', body))).toBe(403);
    const stranger = newDevice();
    expect(
      await status(
        stranger.request('POST', '/api/v2/devices', body, {
          'x-device-sig': await (await import('@svc/sdk')).deviceSigHeader(stranger.keys.device),
        }),
      ),
    ).toBe(403);
    const header = await (
      await import('@svc/sdk')
    ).deviceSigHeader(device.keys.device, 'fixed-nonce');
    expect(
      await status(device.request('POST', '/api/v2/devices', body, { 'x-device-sig': header })),
    ).toBe(200);
    expect(
      await status(device.request('POST', '/api/v2/devices', body, { 'x-device-sig': header })),
    ).toBe(403);
  });

  it('422 ErrorWithFields for unsupported keys and platforms', async () => {
    const device = newDevice();
    const p384 = (await import('node:crypto'))
      .generateKeyPairSync('ec', { namedCurve: 'P-384' })
      .privateKey.export({ format: 'jwk' });
    const body = await errorOf(
      device.signed('POST', '/api/v2/devices', {
        device_public_key: { kty: p384.kty, crv: p384.crv, x: p384.x, y: p384.y },
        device_platform: 'windows',
      }),
    );
    expect(body).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: { device_platform: expect.any(Array) },
    });
    for (const key of [
      { kty: 'EC', crv: 'P-384', x: p384.x, y: p384.y },
      { kty: 'oct' },
      { kty: 'EC' },
      { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' },
    ]) {
      const keyErr = await errorOf(
        device.signed('POST', '/api/v2/devices', {
          device_public_key: key,
          device_platform: 'ios',
        }),
      );
      expect(keyErr, JSON.stringify(key)).toMatchObject({
        error: 'VALIDATION_FAILED',
        field_errors: { device_public_key: expect.any(Array) },
      });
    }
    const badAuth = await errorOf(
      device.signed('POST', '/api/v2/devices', {
        device_public_key: (await import('@svc/sdk')).publicJwk(device.keys.device),
        auth_public_key: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' },
        device_platform: 'ios',
      }),
    );
    expect(badAuth).toMatchObject({ field_errors: { auth_public_key: expect.any(Array) } });
  });

  it('reads and (de)activates devices; other tenants and unknown ids get 404', async () => {
    const device = newDevice();
    const { identifier } = await device.register();
    expect(await rp.getDevice(identifier)).toMatchObject({ active: false, is_active: false });
    t.clock.advance(1000);
    const active = await rp.setDeviceActive(identifier, true);
    expect(active).toMatchObject({
      active: true,
      is_active: true,
      activated_at: t.clock.now().toISOString(),
    });
    expect(await rp.setDeviceActive(identifier, false)).toMatchObject({
      active: false,
      activated_at: active.activated_at,
    });
    const other = new RpClient({
      baseUrl: 'http://svc',
      credentials: (await t.newCustomer('other')).server_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    expect(await status(other.getDevice(identifier))).toBe(404);
    expect(await status(other.setDeviceActive(identifier, true))).toBe(404);
    expect(await status(rp.getDevice('nope'))).toBe(404);
    expect(
      await status(rp.request('PATCH', `/api/v2/devices/${identifier}`, { active: 'yes' })),
    ).toBe(400);
  });
});

describe('request authentication', () => {
  let path: string;
  beforeAll(async () => {
    path = `/api/v2/devices/${(await newDevice().register()).identifier}`;
  });

  it('a correctly signed request passes and its answer is signed', async () => {
    const res = await signedInject({ method: 'GET', path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-signature']).toBeTruthy();
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['method', { method: 'PATCH' as const }],
    ['path', { path: '/api/v2/devices/other' }],
    ['date', { date: new Date(Date.parse(new Date().toUTCString()) + 60_000).toUTCString() }],
    ['content type', { contentType: 'application/json' }],
  ])('tampering with the %s → 403', async (_part, tamper) => {
    expect((await signedInject({ method: 'GET', path }, tamper)).statusCode).toBe(403);
  });

  it('the query string is signed: changing or adding one → 403', async () => {
    expect(
      (await signedInject({ method: 'GET', path: `${path}?a=1` }, { path: `${path}?a=2` }))
        .statusCode,
    ).toBe(403);
    expect((await signedInject({ method: 'GET', path }, { path: `${path}?a=1` })).statusCode).toBe(
      403,
    );
    expect((await signedInject({ method: 'GET', path: `${path}?a=1` })).statusCode).toBe(200);
  });

  it('a raw `application/json; charset=UTF-8` content type is signed as sent', async () => {
    const res = await signedInject({
      method: 'PATCH',
      path,
      body: '{"active":true}',
      contentType: 'application/json; charset=UTF-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: true });
  });

  it('tampering with the body → 403', async () => {
    const res = await signedInject(
      { method: 'PATCH', path, body: '{"active":true}', contentType: 'application/json' },
      { body: '{"active":false}' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('a stale or missing Date → 403; the double-space numeric-zone form is accepted', async () => {
    expect(
      (
        await signedInject({
          method: 'GET',
          path,
          date: new Date(t.clock.now().getTime() - 6 * 60_000).toUTCString(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await signedInject({ method: 'GET', path, date: 'garbage' })).statusCode).toBe(403);
    const d = t.clock.now();
    const odd = `${d.toUTCString().slice(0, 16)}  ${d.toISOString().slice(11, 19)} +0000`;
    expect((await signedInject({ method: 'GET', path, date: odd })).statusCode).toBe(200);
  });

  it('an X-Device-Sig header is refused again long after the Date window (no late replay)', async () => {
    const device = newDevice();
    await device.register();
    const header = await (
      await import('@svc/sdk')
    ).deviceSigHeader(device.keys.device, 'seen-once');
    expect(
      await status(
        device.request('GET', '/api/v2/svcfications/next', undefined, { 'x-device-sig': header }),
      ),
    ).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(
      await status(
        device.request('GET', '/api/v2/svcfications/next', undefined, { 'x-device-sig': header }),
      ),
    ).toBe(403);
  });

  it('wrong credential kind, unknown token, no header → 403 Error body', async () => {
    const res = await signedInject({ method: 'GET', path }, {}, t.customer.user_credentials);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(
      (await signedInject({ method: 'GET', path }, {}, { token: 'x.y.z', secret: 's' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: path,
          headers: { authorization: `Bearer ${t.customer.sandbox_token}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('bindings, user identifiers, users', () => {
  it('binds (201), re-binds the same pair (201, same id), refuses another identifier (409) and unknown devices (424)', async () => {
    const { identifier } = await newDevice().register();
    const binding = await rp.bindDevice(identifier, 'alice');
    expect(binding).toMatchObject({
      device_identifier: identifier,
      user_identifier: 'alice',
      active: false,
      activated_at: null,
    });
    expect((await rp.bindDevice(identifier, 'alice')).id).toBe(binding.id);
    expect(await status(rp.bindDevice(identifier, 'mallory'))).toBe(409);
    expect(await status(rp.bindDevice('no-such-device', 'alice'))).toBe(424);
    expect(
      await errorOf(rp.request('POST', '/api/v2/user_devices', { device_identifier: identifier })),
    ).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: { user_identifier: ['is required'] },
    });
    expect((await rp.setBindingActive(binding.id, true)).active).toBe(true);
    expect((await rp.setBindingActive(binding.id, false)).active).toBe(false);
    expect(await status(rp.setBindingActive('nope', true))).toBe(404);
  });

  it('user identifiers: 204, 409 when the user has one, 424 unknown user, 422 invalid; GET 200/404', async () => {
    const device = await newDevice().register();
    expect(await rp.createUserIdentifier(device.svc_id, 'bob')).toBeUndefined();
    expect(await status(rp.createUserIdentifier(device.svc_id, 'bob2'))).toBe(409);
    expect(await status(rp.createUserIdentifier('no-such-user', 'carol'))).toBe(424);
    expect(await status(rp.request('POST', '/api/v2/user_identifiers', { svc_id: 1 }))).toBe(422);
    expect(await rp.getUserIdentifier('bob')).toEqual({ svc_id: device.svc_id, identifier: 'bob' });
    expect(await status(rp.getUserIdentifier('nobody'))).toBe(404);
  });

  it('another customer cannot touch bindings, identifiers or users: 404 (424 for binding a foreign device)', async () => {
    const device = await newDevice().register();
    const binding = await rp.bindDevice(device.identifier, 'gina');
    await rp.setDeviceActive(device.identifier, true);
    const other = new RpClient({
      baseUrl: 'http://svc',
      credentials: (await t.newCustomer('intruder')).server_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    expect(await status(other.setBindingActive(binding.id, true))).toBe(404);
    expect(await status(other.getUserIdentifier('gina'))).toBe(404);
    expect(await status(other.deactivateUser('gina'))).toBe(404);
    expect(await status(other.bindDevice(device.identifier, 'gina'))).toBe(424);
    expect(await status(other.createUserIdentifier(device.svc_id, 'gina'))).toBe(424);
    expect(await rp.getDevice(device.identifier)).toMatchObject({ active: true });
    expect((await rp.setBindingActive(binding.id, false)).active).toBe(false);
  });

  it('DELETE /users/{id} deactivates every device of the user (204), 404 for unknown users', async () => {
    const a = await newDevice().register();
    const b = await newDevice().register();
    for (const d of [a, b]) {
      await rp.bindDevice(d.identifier, 'dave');
      await rp.setDeviceActive(d.identifier, true);
    }
    await rp.deactivateUser('dave');
    expect((await rp.getDevice(a.identifier)).active).toBe(false);
    expect((await rp.getDevice(b.identifier)).active).toBe(false);
    expect(await status(rp.deactivateUser('nobody'))).toBe(404);
  });
});

describe('identity documents', () => {
  it('registers by device (201), replaces, lists and reads; other tenants see nothing', async () => {
    const device = newDevice();
    await device.register();
    await rp.bindDevice(device.identifier, 'erin');
    const first = await device.registerDocument({ hash: 'hash-1', type: 'AAMVA_DRIVERS_LICENSE' });
    expect(first).toMatchObject({
      hash: 'hash-1',
      type: 'AAMVA_DRIVERS_LICENSE',
      verification_status: 'UNVERIFIED',
      verified_at: null,
    });
    const second = await device.registerDocument({ hash: 'hash-2' });
    expect((await rp.listDocuments('erin')).map((d) => d.hash)).toEqual(['hash-2']);
    expect(await rp.getDocument(second.id)).toEqual(second);
    expect(await status(rp.getDocument(first.id))).toBe(404);
    const other = new RpClient({
      baseUrl: 'http://svc',
      credentials: (await t.newCustomer('other2')).server_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    expect(await status(other.getDocument(second.id))).toBe(404);
    expect(await other.listDocuments('erin')).toEqual([]);
    expect(await status(rp.request('GET', '/api/v2/identity_documents?user_identifier='))).toBe(
      422,
    );
    expect(
      await status(
        device.signed('POST', '/api/v2/identity_documents', { type: 'AAMVA_DRIVERS_LICENSE' }),
      ),
    ).toBe(422);
    expect(await status(device.request('POST', '/api/v2/identity_documents', { hash: 'x' }))).toBe(
      403,
    );
  });

  it('the RP registers a document for a bound identifier (201), 422 when unbound', async () => {
    const device = newDevice();
    await device.register();
    await rp.bindDevice(device.identifier, 'frank');
    expect(await rp.registerDocumentFor('frank', { hash: 'hash-f' })).toMatchObject({
      hash: 'hash-f',
      verification_status: 'UNVERIFIED',
    });
    expect(await status(rp.registerDocumentFor('nobody', { hash: 'h' }))).toBe(422);
  });

  it('stores only id, hash, type, status and time: no submitted license field reaches the database', async () => {
    const device = newDevice();
    await device.register();
    await device.registerDocument({
      hash: 'hash-private',
      first_name: 'ZEBEDIAHQX',
      last_name: 'QUUXWORTH',
      date_of_birth: '1911-02-03',
      customer_id: 'LICQZX-987654',
      street_address: '42 SECRETLANE',
    });
    const tables = [
      'customers',
      'credentials',
      'users',
      'devices',
      'user_identifiers',
      'user_devices',
      'identity_documents',
      'outbox',
      'nonces',
      'sandbox_records',
    ] as const;
    const dump = JSON.stringify(
      await Promise.all(tables.map((table) => t.store.db.selectFrom(table).selectAll().execute())),
    );
    expect(dump).toContain('hash-private');
    for (const secret of [
      'ZEBEDIAHQX',
      'QUUXWORTH',
      '1911-02-03',
      '19110203',
      'LICQZX',
      'SECRETLANE',
    ])
      expect(dump).not.toContain(secret);
  });

  it('with verify_identity_documents: VERIFIED, FAILED or UNVERIFIABLE by the sandbox engine', async () => {
    const verifier = await t.newCustomer('verifier', true);
    await importRecords(t.store.db, t.clock, [
      {
        identification_id: 'V-100',
        person_given_name: 'STEVEN',
        person_sur_name: 'BROWN',
        person_birth_date: '19800115',
      },
    ]);
    const device = newDevice(verifier.sdk_credentials);
    await device.register();
    const doc = (fields: Record<string, unknown>) =>
      device.registerDocument({ hash: 'h', ...fields });
    expect(
      await doc({
        customer_id: 'V100',
        first_name: 'Stephen',
        last_name: 'Brown',
        date_of_birth: '1980-01-15',
      }),
    ).toMatchObject({ verification_status: 'VERIFIED', verified_at: t.clock.now().toISOString() });
    expect(
      await doc({
        customer_id: 'V100',
        first_name: 'Steven',
        last_name: 'Brown',
        date_of_birth: '1990-01-15',
      }),
    ).toMatchObject({ verification_status: 'FAILED' });
    expect(await doc({ customer_id: 'UNKNOWN-1', first_name: 'Steven' })).toMatchObject({
      verification_status: 'UNVERIFIABLE',
    });
    expect(await doc({ first_name: 'Steven' })).toMatchObject({
      verification_status: 'UNVERIFIABLE',
    });
  });
});
