import { deviceSigHeader, publicJwk } from '@svc/sdk';
import { generateEcKey } from '@svc/sdk/node';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { errorOf, rpClient, status, useIdentityApp } from '../identity.kit.js';

const { state, newDevice } = useIdentityApp();

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
    const jwks = (await state.t.app.inject({ method: 'GET', url: '/jwks' })).json<{
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
    const kid = await state.t.ctx.keys.rotate();
    const after = await device.register();
    const jwks = createLocalJWKSet(
      (await state.t.app.inject({ method: 'GET', url: '/jwks' })).json(),
    );
    expect((await jwtVerify(before.jwt, jwks)).payload.sub).toBe(before.identifier);
    expect((await jwtVerify(after.jwt, jwks)).protectedHeader.kid).toBe(kid);
  });

  it('X-Device-Sig must be made with the registered key: missing, foreign, replayed → 403', async () => {
    const device = newDevice();
    const body = {
      device_public_key: await publicJwk((await device.keys()).device),
      device_platform: 'ios',
    };
    expect(await status(device.request('POST', '/api/v2/devices', body))).toBe(403);
    const stranger = newDevice();
    expect(
      await status(
        stranger.request('POST', '/api/v2/devices', body, {
          'x-device-sig': await deviceSigHeader((await stranger.keys()).device),
        }),
      ),
    ).toBe(403);
    const header = await deviceSigHeader((await device.keys()).device, 'fixed-nonce');
    expect(
      await status(device.request('POST', '/api/v2/devices', body, { 'x-device-sig': header })),
    ).toBe(201);
    expect(
      await status(device.request('POST', '/api/v2/devices', body, { 'x-device-sig': header })),
    ).toBe(403);
  });

  it('422 ErrorWithFields for unsupported keys and platforms', async () => {
    const device = newDevice();
    const p384 = generateEcKey('P-384').export({ format: 'jwk' });
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
        device_public_key: await publicJwk((await device.keys()).device),
        auth_public_key: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' },
        device_platform: 'ios',
      }),
    );
    expect(badAuth).toMatchObject({ field_errors: { auth_public_key: expect.any(Array) } });
  });

  it('reads and (de)activates devices; other tenants and unknown ids get 404', async () => {
    const device = newDevice();
    const { identifier } = await device.register();
    expect(await state.rp.getDevice(identifier)).toMatchObject({ active: false, is_active: false });
    state.t.clock.advance(1000);
    const active = await state.rp.setDeviceActive(identifier, true);
    expect(active).toMatchObject({
      active: true,
      is_active: true,
      activated_at: state.t.clock.now().toISOString(),
    });
    // The read selects only its answer's columns: it shows every field the update's answer does.
    expect(await state.rp.getDevice(identifier)).toEqual(active);
    expect(Object.keys(active).sort()).toEqual([
      'activated_at',
      'active',
      'device_platform',
      'identifier',
      'is_active',
      'svc_id',
    ]);
    expect(await state.rp.setDeviceActive(identifier, false)).toMatchObject({
      active: false,
      activated_at: active.activated_at,
    });
    const other = rpClient(state.t, (await state.t.newCustomer('other')).server_credentials);
    expect(await status(other.getDevice(identifier))).toBe(404);
    expect(await status(other.setDeviceActive(identifier, true))).toBe(404);
    expect(await status(state.rp.getDevice('nope'))).toBe(404);
    await expect(
      state.rp.request('PATCH', `/api/v2/devices/${identifier}`, { active: 'yes' }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { active: [expect.any(String)] } });
  });
});
