import { RpClient } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, identityCalls, rpClient, status } from './identity.kit.js';
import { injectFetch, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let rp: RpClient;
beforeAll(async () => {
  t = await testApp();
  rp = rpClient(t);
});
afterAll(async () => t.close());
const { newDevice } = identityCalls(() => t);

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

describe('identifiers in paths', () => {
  it('every identifier a body accepts (256 code points) is addressable; a longer one is 414', async () => {
    for (const long of ['u'.repeat(256), '😀'.repeat(255) + 'é']) {
      const device = await newDevice().register();
      await rp.bindDevice(device.identifier, long);
      await rp.setDeviceActive(device.identifier, true);
      expect(await rp.getUserIdentifier(long)).toEqual({
        svc_id: device.svc_id,
        identifier: long,
      });
      expect(await rp.registerDocumentFor(long, { hash: 'hash-long' })).toMatchObject({
        hash: 'hash-long',
      });
      expect((await rp.listDocuments(long)).map((d) => d.hash)).toEqual(['hash-long']);
      await rp.deactivateUser(long);
      expect((await rp.getDevice(device.identifier)).active).toBe(false);
    }
    for (const tooLong of ['u'.repeat(257), 'u'.repeat(300), '😀'.repeat(257)]) {
      const error = await errorOf(rp.getUserIdentifier(tooLong));
      expect(error, tooLong.slice(0, 3)).toMatchObject({ error: 'URI_TOO_LONG' });
      expect(await status(rp.deactivateUser(tooLong))).toBe(414);
    }
  });
});
