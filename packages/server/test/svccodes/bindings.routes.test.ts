import { bindUser, DeviceClient, pairSvccode, SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { errorOf, rpClient, status, useSvccodeApp } from './svccodes.kit.js';

const { state, registered, post } = useSvccodeApp();

describe('POST /api/v2/user_bindings', () => {
  const scanned = async (device?: DeviceClient) => {
    const scanner = device ?? (await registered());
    const code = await state.browser.create(state.t.customer.id);
    await pairSvccode(scanner, code.payload);
    return { device: scanner, id: code.id };
  };

  it('201: the scanning user gets the identifier and the device an inactive binding', async () => {
    const { device, id } = await scanned();
    const binding = await bindUser(state.rp, id, 'scan-user-1');
    expect(binding).toMatchObject({
      id: expect.any(String),
      device_identifier: device.identifier,
      user_identifier: 'scan-user-1',
      active: false,
      activated_at: null,
    });
    const svcId = (await state.rp.getDevice(device.identifier)).svc_id;
    expect(await state.rp.getUserIdentifier('scan-user-1')).toEqual({
      svc_id: svcId,
      identifier: 'scan-user-1',
    });
    expect((await state.rp.setBindingActive(binding.id, true)).active).toBe(true);
  });

  it('409 when the scanning user already has an identifier for this RP, whichever', async () => {
    const first = await scanned();
    await bindUser(state.rp, first.id, 'scan-user-2');
    const again = await scanned(first.device);
    expect(await errorOf(bindUser(state.rp, again.id, 'someone-else'))).toMatchObject({
      error: 'USER_ALREADY_BOUND',
    });
    expect(await status(bindUser(state.rp, again.id, 'scan-user-2'))).toBe(409);
    expect(await status(bindUser(state.rp, first.id, 'scan-user-2'))).toBe(409);
    const premapped = await registered();
    await state.rp.createUserIdentifier(
      (await state.rp.getDevice(premapped.identifier)).svc_id,
      'mapped-before',
    );
    expect(await status(bindUser(state.rp, (await scanned(premapped)).id, 'scan-user-3'))).toBe(
      409,
    );
  });

  it('424 while the code is not paired (also once it expired unpaired)', async () => {
    const { id } = await state.browser.create(state.t.customer.id);
    expect(await errorOf(bindUser(state.rp, id, 'scan-user-4'))).toMatchObject({
      error: 'SVCCODE_NOT_PAIRED',
    });
    state.t.clock.advance(state.t.config.svccodeTtlSeconds * 1000);
    expect(await status(bindUser(state.rp, id, 'scan-user-4'))).toBe(424);
  });

  it("422 for an unknown code or another RP's code; nothing is written", async () => {
    const other = await state.t.newCustomer('binding other rp');
    const theirs = await registered(other.sdk_credentials);
    const code = await state.browser.create(other.id);
    await pairSvccode(theirs, code.payload);
    expect(await errorOf(bindUser(state.rp, code.id, 'scan-user-5'))).toMatchObject({
      error: 'SVCCODE_INVALID',
    });
    expect(await status(bindUser(state.rp, 'no-such-code', 'scan-user-5'))).toBe(422);
    expect(await status(state.rp.getUserIdentifier('scan-user-5'))).toBe(404);
  });

  it('422 naming the field for a missing or malformed field; 403 without server credentials', async () => {
    const { id } = await scanned();
    for (const [body, field] of [
      [{ svccode_id: id }, 'user_identifier'],
      [{ user_identifier: 'x' }, 'svccode_id'],
      [{ svccode_id: id, user_identifier: 5 }, 'user_identifier'],
      [{ svccode_id: '', user_identifier: 'x' }, 'svccode_id'],
      [{ svccode_id: null, user_identifier: 'x' }, 'svccode_id'],
    ] as const) {
      const failure = await state.rp.request('POST', '/api/v2/user_bindings', body).then(
        () => null,
        (e: unknown) => e as SvcApiError,
      );
      expect(failure?.status, JSON.stringify(body)).toBe(422);
      expect(failure?.body).toMatchObject({
        error: 'VALIDATION_FAILED',
        field_errors: { [field]: expect.any(Array) },
      });
    }
    expect(await status(state.rp.request('POST', '/api/v2/user_bindings'))).toBe(422);
    expect(
      (await post('/api/v2/user_bindings', { svccode_id: id, user_identifier: 'x' })).statusCode,
    ).toBe(403);
    const sdkCaller = rpClient(state.t, state.t.customer.sdk_credentials);
    expect(await status(bindUser(sdkCaller, id, 'x'))).toBe(403);
  });
});
