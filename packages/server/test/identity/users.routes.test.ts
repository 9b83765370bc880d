import { describe, expect, it } from 'vitest';
import { errorOf, rpClient, status, useIdentityApp } from '../identity.kit.js';

const { state, newDevice } = useIdentityApp();

describe('bindings, user identifiers, users', () => {
  it('binds (201), re-binds the same pair (201, same id), refuses another identifier (409) and unknown devices (424)', async () => {
    const { identifier } = await newDevice().register();
    const binding = await state.rp.bindDevice(identifier, 'alice');
    expect(binding).toMatchObject({
      device_identifier: identifier,
      user_identifier: 'alice',
      active: false,
      activated_at: null,
    });
    expect((await state.rp.bindDevice(identifier, 'alice')).id).toBe(binding.id);
    expect(await status(state.rp.bindDevice(identifier, 'mallory'))).toBe(409);
    expect(await status(state.rp.bindDevice('no-such-device', 'alice'))).toBe(424);
    expect(
      await errorOf(
        state.rp.request('POST', '/api/v2/user_devices', { device_identifier: identifier }),
      ),
    ).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: { user_identifier: ['is required'] },
    });
    expect((await state.rp.setBindingActive(binding.id, true)).active).toBe(true);
    expect((await state.rp.setBindingActive(binding.id, false)).active).toBe(false);
    expect(await status(state.rp.setBindingActive('nope', true))).toBe(404);
  });

  it('user identifiers: 204, 409 when the user has one, 424 unknown user, 422 invalid; GET 200/404', async () => {
    const device = await newDevice().register();
    expect(await state.rp.createUserIdentifier(device.svc_id, 'bob')).toBeUndefined();
    expect(await status(state.rp.createUserIdentifier(device.svc_id, 'bob2'))).toBe(409);
    expect(await status(state.rp.createUserIdentifier('no-such-user', 'carol'))).toBe(424);
    expect(await status(state.rp.request('POST', '/api/v2/user_identifiers', { svc_id: 1 }))).toBe(
      422,
    );
    expect(await state.rp.getUserIdentifier('bob')).toEqual({
      svc_id: device.svc_id,
      identifier: 'bob',
    });
    expect(await status(state.rp.getUserIdentifier('nobody'))).toBe(404);
  });

  it('another customer cannot touch bindings, identifiers or users: 404 (424 for binding a foreign device)', async () => {
    const device = await newDevice().register();
    const binding = await state.rp.bindDevice(device.identifier, 'gina');
    await state.rp.setDeviceActive(device.identifier, true);
    const other = rpClient(state.t, (await state.t.newCustomer('intruder')).server_credentials);
    expect(await status(other.setBindingActive(binding.id, true))).toBe(404);
    expect(await status(other.getUserIdentifier('gina'))).toBe(404);
    expect(await status(other.deactivateUser('gina'))).toBe(404);
    expect(await status(other.bindDevice(device.identifier, 'gina'))).toBe(424);
    expect(await status(other.createUserIdentifier(device.svc_id, 'gina'))).toBe(424);
    expect(await state.rp.getDevice(device.identifier)).toMatchObject({ active: true });
    expect((await state.rp.setBindingActive(binding.id, false)).active).toBe(false);
  });

  it('DELETE /users/{id} deactivates every device of the user (204), 404 for unknown users', async () => {
    const a = await newDevice().register();
    const b = await newDevice().register();
    for (const d of [a, b]) {
      await state.rp.bindDevice(d.identifier, 'dave');
      await state.rp.setDeviceActive(d.identifier, true);
    }
    await state.rp.deactivateUser('dave');
    expect((await state.rp.getDevice(a.identifier)).active).toBe(false);
    expect((await state.rp.getDevice(b.identifier)).active).toBe(false);
    expect(await status(state.rp.deactivateUser('nobody'))).toBe(404);
  });
});

describe('identifiers in paths', () => {
  it('every identifier a body accepts (256 code points) is addressable; a longer one is 414', async () => {
    for (const long of ['u'.repeat(256), '😀'.repeat(255) + 'é']) {
      const device = await newDevice().register();
      await state.rp.bindDevice(device.identifier, long);
      await state.rp.setDeviceActive(device.identifier, true);
      expect(await state.rp.getUserIdentifier(long)).toEqual({
        svc_id: device.svc_id,
        identifier: long,
      });
      expect(await state.rp.registerDocumentFor(long, { hash: 'hash-long' })).toMatchObject({
        hash: 'hash-long',
      });
      expect((await state.rp.listDocuments(long)).map((d) => d.hash)).toEqual(['hash-long']);
      await state.rp.deactivateUser(long);
      expect((await state.rp.getDevice(device.identifier)).active).toBe(false);
    }
    for (const tooLong of ['u'.repeat(257), 'u'.repeat(300), '😀'.repeat(257)]) {
      const error = await errorOf(state.rp.getUserIdentifier(tooLong));
      expect(error, tooLong.slice(0, 3)).toMatchObject({ error: 'URI_TOO_LONG' });
      expect(await status(state.rp.deactivateUser(tooLong))).toBe(414);
    }
  });
});
