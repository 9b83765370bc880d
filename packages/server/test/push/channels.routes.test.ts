import { DeviceClient, generateDeviceKeys } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { injectFetch } from '../helpers.js';
import { errorOf, useIdentityApp } from '../identity.kit.js';

const { state } = useIdentityApp();

const subscription = (name: string) => ({
  type: 'web_push' as const,
  endpoint: `https://push.example.net/send/${name}`,
  keys: {
    p256dh:
      'BKO8OEH3KgaX1GMbTAx2PE3dTq5Npip493LsHacYSigUIqFYNs87RQc5xQ1wZl3bb7FiD_6ZDnwuhM6gHUFvCa0',
    auth: 'bL7iH3XbALsgZsfujAC5Pw',
  },
});

async function enrolled(user: string, options: Parameters<typeof DeviceClient.enroll>[1] = {}) {
  const { link } = await state.rp.createEnrollment(user);
  return DeviceClient.enroll(link, {
    baseUrl: 'http://svc',
    fetch: injectFetch(state.t.app),
    now: () => state.t.clock.now(),
    ...options,
  });
}

const channels = () =>
  state.t.store.db.selectFrom('push_channels').selectAll().orderBy('device_identifier').execute();
const pushItems = () =>
  state.t.store.db.selectFrom('outbox').selectAll().where('kind', '=', 'push').execute();
const login = (to: { user_identifier: string } | { device_identifier: string }) =>
  state.rp.createSvcfication({ action: 'Sign in', resource: 'web', desired_level: 1, ...to });

describe('push channels', () => {
  it('the Web Push key is a P-256 point, made once and the same on every read', async () => {
    const device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    const key = await device.webPushKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await device.webPushKey()).toBe(key);
    const stored = await state.t.store.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    const { publicKey, privateKey } = JSON.parse(stored.value) as Record<string, string>;
    expect(publicKey).toBe(key);
    // The private key is sealed with the master key, as the signing keys are.
    expect(state.t.box.open(privateKey ?? '')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a device sets, replaces and removes its one channel', async () => {
    const { device } = await enrolled('alice');
    await device.setPushChannel(subscription('a1'));
    await device.setPushChannel(subscription('a2'));
    const mine = (await channels()).filter((c) => c.device_identifier === device.identifier);
    expect(mine).toEqual([
      expect.objectContaining({ type: 'web_push', address: 'https://push.example.net/send/a2' }),
    ]);
    await device.removePushChannel();
    expect((await channels()).filter((c) => c.device_identifier === device.identifier)).toEqual([]);
    await device.removePushChannel(); // 204 again
  });

  it('refuses a channel svc could never deliver to (422, named fields) and keeps the old one', async () => {
    const { device } = await enrolled('bob');
    await device.setPushChannel(subscription('b1'));
    const notAPoint = {
      ...subscription('b2'),
      keys: { ...subscription('b2').keys, p256dh: `BA${'A'.repeat(85)}` },
    };
    expect(await errorOf(device.setPushChannel(notAPoint))).toMatchObject({
      error: 'PUSH_CHANNEL_INVALID',
      field_errors: { 'keys.p256dh': ['must be an uncompressed P-256 point'] },
    });
    const badAuth = {
      ...subscription('b2'),
      keys: { ...subscription('b2').keys, auth: 'A'.repeat(23) },
    };
    expect(await errorOf(device.setPushChannel(badAuth))).toMatchObject({
      field_errors: { 'keys.auth': ['must be 16 bytes'] },
    });
    const withCredentials = {
      ...subscription('b2'),
      endpoint: 'https://user:pw@push.example.net/x',
    };
    expect(await errorOf(device.setPushChannel(withCredentials))).toMatchObject({
      field_errors: { endpoint: ['must not contain credentials'] },
    });
    expect(await errorOf(device.setPushChannel({ type: 'fcm', token: 'abc' }))).toMatchObject({
      field_errors: { type: ['fcm is not configured on this server'] },
    });
    expect(
      await errorOf(device.setPushChannel({ type: 'apns', token: 'ab'.repeat(32) })),
    ).toMatchObject({
      error: 'PUSH_CHANNEL_INVALID',
    });
    for (const body of [
      { type: 'sms', token: 'x' },
      { type: 'web_push', endpoint: 'https://p.example/x' },
      { type: 'fcm', token: 'a b' },
    ])
      expect(await errorOf(device.setPushChannel(body as never))).toMatchObject({
        error: 'VALIDATION_FAILED',
      });
    const mine = (await channels()).filter((c) => c.device_identifier === device.identifier);
    expect(mine.map((c) => c.address)).toEqual(['https://push.example.net/send/b1']);
  });

  it('needs the device itself: no X-Device-Sig is 403, server credentials are refused', async () => {
    const { device } = await enrolled('carol');
    expect(
      await errorOf(device.request('PUT', '/api/v2/push/channel', subscription('c'))),
    ).toMatchObject({ error: 'FORBIDDEN' });
    expect(await errorOf(state.rp.request('DELETE', '/api/v2/push/channel'))).toMatchObject({
      error: 'FORBIDDEN',
    });
    expect(await channels()).not.toContainEqual(
      expect.objectContaining({ device_identifier: device.identifier }),
    );
  });

  it('a new svcfication queues one wake-up per reached device with a channel, in its transaction', async () => {
    const { device: first } = await enrolled('dave', { pushChannel: subscription('d1') });
    const { device: second } = await enrolled('erin', { pushChannel: subscription('e1') });
    const before = (await pushItems()).length;
    const created = await login({ user_identifier: 'dave' });
    const items = (await pushItems()).slice(before);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      target: 'https://push.example.net',
      customer_id: state.t.customer.id,
      state: 'pending',
    });
    expect(JSON.parse(items[0]?.payload ?? '')).toEqual({
      message: {
        type: 'svcfication',
        svcfication_id: created.id,
        device_identifier: first.identifier,
        relying_party: 'acme',
        action: 'Sign in',
        expires_at: created.expires_at,
      },
    });
    // Addressed to the other device directly; then that device deactivated: nothing queued.
    await login({ device_identifier: second.identifier });
    expect((await pushItems()).length).toBe(before + 2);
    await state.rp.setDeviceActive(second.identifier, false);
    await expect(login({ device_identifier: second.identifier })).rejects.toThrow();
    expect((await pushItems()).length).toBe(before + 2);
  });

  it('a channel sent with an enrollment is set with it; a bad one refuses the enrollment whole', async () => {
    const keys = await generateDeviceKeys();
    const { link } = await state.rp.createEnrollment('frank');
    const bad = { ...subscription('f'), endpoint: 'ftp://push.example.net/x' };
    const devicesBefore = await state.t.store.db
      .selectFrom('devices')
      .select('identifier')
      .execute();
    expect(
      await errorOf(
        DeviceClient.enroll(link, {
          baseUrl: 'http://svc',
          fetch: injectFetch(state.t.app),
          now: () => state.t.clock.now(),
          keys,
          pushChannel: bad,
        }),
      ),
    ).toMatchObject({
      error: 'PUSH_CHANNEL_INVALID',
      field_errors: { endpoint: ['must be an http(s) URL'] },
    });
    expect(await state.t.store.db.selectFrom('devices').select('identifier').execute()).toEqual(
      devicesBefore,
    );
    const { device } = await DeviceClient.enroll(link, {
      baseUrl: 'http://svc',
      fetch: injectFetch(state.t.app),
      now: () => state.t.clock.now(),
      keys,
      pushChannel: subscription('f'),
    });
    expect((await channels()).find((c) => c.device_identifier === device.identifier)).toMatchObject(
      { address: 'https://push.example.net/send/f' },
    );
  });
});
