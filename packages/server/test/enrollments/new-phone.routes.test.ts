import { DeviceClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { injectFetch } from '../helpers.js';
import { errorOf, rpClient, useIdentityApp } from '../identity.kit.js';

const { state } = useIdentityApp();

/** A phone enrolling with the link through the app. */
const enroll = async (link: string) =>
  (
    await DeviceClient.enroll(link, {
      baseUrl: 'http://svc',
      fetch: injectFetch(state.t.app),
      now: () => state.t.clock.now(),
    })
  ).device;

const ask = (userIdentifier: string, rp = state.rp) =>
  rp.createSvcfication({
    action: 'login',
    resource: 'web',
    desired_level: 1,
    user_identifier: userIdentifier,
  });

describe('moving to a new phone', () => {
  it('an enrollment with replace_devices deactivates the old phone when the new one enrolls', async () => {
    const old = await enroll((await state.rp.createEnrollment('alice')).link);
    const moving = await state.rp.createEnrollment('alice', { replace_devices: true });
    const phone = await enroll(moving.link);
    expect(await state.rp.getDevice(old.identifier)).toMatchObject({ active: false });
    expect(await state.rp.getDevice(phone.identifier)).toMatchObject({ active: true });
    // The old phone's own credentials are revoked; requests go to the new phone only.
    expect(await errorOf(old.next())).toMatchObject({ error: 'FORBIDDEN' });
    const asked = await ask('alice');
    expect((await phone.next())?.id).toBe(asked.id);
  });

  it('without it, a second phone is added beside the first: both stay active', async () => {
    const first = await enroll((await state.rp.createEnrollment('bob')).link);
    const second = await enroll((await state.rp.createEnrollment('bob')).link);
    for (const device of [first, second])
      expect(await state.rp.getDevice(device.identifier)).toMatchObject({ active: true });
  });

  it("touches only the customer's own devices of that identifier", async () => {
    const other = rpClient(state.t, (await state.t.newCustomer('other')).server_credentials);
    const theirs = await enroll((await other.createEnrollment('carol')).link);
    const ownOther = await enroll((await state.rp.createEnrollment('dave')).link);
    await enroll((await state.rp.createEnrollment('carol', { replace_devices: true })).link);
    expect(await other.getDevice(theirs.identifier)).toMatchObject({ active: true });
    expect(await state.rp.getDevice(ownOther.identifier)).toMatchObject({ active: true });
    expect((await theirs.next()) ?? 'none').toBe('none');
  });

  it('replace_devices that is not a boolean is 422 and creates nothing', async () => {
    const body = await errorOf(
      state.rp.createEnrollment('erin', { replace_devices: 'yes' as unknown as boolean }),
    );
    expect(body).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: { replace_devices: expect.any(Array) },
    });
    const rows = await state.t.store.db
      .selectFrom('enrollments')
      .select('id')
      .where('user_identifier', '=', 'erin')
      .execute();
    expect(rows).toEqual([]);
  });
});
