import { DeviceClient, generateDeviceKeys, publicJwk, deviceSigHeader } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { purgeEnrollments } from '../../src/areas/identity/enrollments/enrollments-repo.js';
import { injectFetch } from '../helpers.js';
import { errorOf, rpClient, useIdentityApp } from '../identity.kit.js';

const { state } = useIdentityApp();

/** The phone's side: enrolls with the link through the app. */
const enroll = (link: string, keys?: Awaited<ReturnType<typeof generateDeviceKeys>>) =>
  DeviceClient.enroll(link, {
    baseUrl: 'http://svc',
    fetch: injectFetch(state.t.app),
    now: () => state.t.clock.now(),
    ...(keys ? { keys } : {}),
  });

const count = async (table: 'devices' | 'credentials' | 'user_devices') =>
  Number(
    (
      await state.t.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('enrollments', () => {
  it('creates a link with a code and QR; the phone enrolls: registered, bound, active, own credentials', async () => {
    const created = await state.rp.createEnrollment('alice');
    expect(created).toMatchObject({ status: 'PENDING', user_identifier: 'alice' });
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.link).toBe(`${state.t.config.publicUrl}/enroll#${created.code}`);
    expect(created.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const minutes = (Date.parse(created.expires_at) - state.t.clock.now().getTime()) / 60_000;
    expect(minutes).toBe(10);

    const { device, enrolled } = await enroll(created.link);
    expect(enrolled).toMatchObject({ active: true, user_identifier: 'alice' });
    expect(enrolled.device_credentials.token).not.toBe(state.t.customer.sdk_credentials.token);
    const read = await state.rp.getEnrollment(created.id);
    expect(read).toMatchObject({ status: 'ENROLLED', device_identifier: enrolled.identifier });
    expect(await state.rp.getDevice(enrolled.identifier)).toMatchObject({ active: true });

    // The device credentials serve the device's own calls.
    await state.rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'alice',
    });
    const next = await device.next();
    expect(next?.user_identifier).toBe('alice');
    await device.accept(next?.id ?? '', { level: 1 });
    expect((await device.get(next?.id ?? '')).status).toBe('ACCEPTED');
  });

  it('a second redemption, also with other keys, is 410 ENROLLMENT_USED and writes nothing', async () => {
    const created = await state.rp.createEnrollment('bob');
    await enroll(created.link);
    const before = [await count('devices'), await count('credentials')];
    expect(await errorOf(enroll(created.link))).toMatchObject({ error: 'ENROLLMENT_USED' });
    expect([await count('devices'), await count('credentials')]).toEqual(before);
  });

  it('two redemptions racing: exactly one wins', async () => {
    const created = await state.rp.createEnrollment('carol');
    const results = await Promise.allSettled([enroll(created.link), enroll(created.link)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const read = await state.rp.getEnrollment(created.id);
    const devices = await state.t.store.db
      .selectFrom('user_devices')
      .select('device_identifier')
      .where('user_identifier', '=', 'carol')
      .execute();
    expect(devices).toEqual([{ device_identifier: read.device_identifier }]);
  });

  it('expired → 410 ENROLLMENT_EXPIRED and the RP reads EXPIRED; unknown → 404', async () => {
    const created = await state.rp.createEnrollment('dave', { expires_in: 60 });
    state.t.clock.advance(61_000);
    expect(await errorOf(enroll(created.link))).toMatchObject({ error: 'ENROLLMENT_EXPIRED' });
    expect((await state.rp.getEnrollment(created.id)).status).toBe('EXPIRED');
    expect(await errorOf(enroll('http://svc/enroll#nope'))).toMatchObject({
      error: 'ENROLLMENT_CODE_INVALID',
    });
    // Kept a day past its expiry, then purged: the RP then gets 404.
    state.t.clock.advance(86_400_000 - 2_000);
    await purgeEnrollments(state.t.store.db, state.t.clock.now());
    expect((await state.rp.getEnrollment(created.id)).status).toBe('EXPIRED');
    state.t.clock.advance(2_000);
    await purgeEnrollments(state.t.store.db, state.t.clock.now());
    expect(await errorOf(state.rp.getEnrollment(created.id))).toMatchObject({
      error: 'ENROLLMENT_NOT_FOUND',
    });
  });

  it('a signature by another key than the one being registered is 403 and writes nothing', async () => {
    const created = await state.rp.createEnrollment('erin');
    const [keys, other] = [await generateDeviceKeys(), await generateDeviceKeys()];
    const before = await count('devices');
    const res = await state.t.app.inject({
      method: 'POST',
      url: '/api/v2/enrollments/redeem',
      headers: {
        'content-type': 'application/json',
        'x-device-sig': await deviceSigHeader(other.device),
      },
      payload: JSON.stringify({
        code: created.code,
        device_public_key: await publicJwk(keys.device),
        device_platform: 'ios',
      }),
    });
    expect(res.statusCode).toBe(403);
    expect(await count('devices')).toBe(before);
    expect((await state.rp.getEnrollment(created.id)).status).toBe('PENDING');
  });

  it("device credentials refuse another device's X-Device-Sig and the server routes", async () => {
    const mine = await enroll((await state.rp.createEnrollment('frank')).link);
    const theirs = await enroll((await state.rp.createEnrollment('grace')).link);
    const borrowed = new DeviceClient(
      {
        baseUrl: 'http://svc',
        credentials: mine.enrolled.device_credentials,
        fetch: injectFetch(state.t.app),
        now: () => state.t.clock.now(),
      },
      await theirs.device.keys(),
    );
    expect(await errorOf(borrowed.next())).toMatchObject({ error: 'FORBIDDEN' });
    const asServer = rpClient(state.t, mine.enrolled.device_credentials);
    expect(await errorOf(asServer.createEnrollment('mallory'))).toMatchObject({
      error: 'FORBIDDEN',
    });
  });

  it('deactivating the device revokes its device credentials', async () => {
    const { device, enrolled } = await enroll((await state.rp.createEnrollment('heidi')).link);
    expect(await device.next()).toBeNull();
    await state.rp.setDeviceActive(enrolled.identifier, false);
    // The credential cache trusts a read for a second of real time (credentialCacheMs).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await errorOf(device.next())).toMatchObject({ error: 'FORBIDDEN' });
  });

  it("another customer's enrollment id is 404", async () => {
    const created = await state.rp.createEnrollment('ivan');
    const other = rpClient(state.t, (await state.t.newCustomer('other')).server_credentials);
    expect(await errorOf(other.getEnrollment(created.id))).toMatchObject({
      error: 'ENROLLMENT_NOT_FOUND',
    });
  });

  it('callback_url: the enrolled enrollment is queued in the outbox with its jwt, once', async () => {
    const target = 'http://127.0.0.1:9/enrolled';
    const created = await state.rp.createEnrollment('kim', { callback_url: target });
    const { enrolled } = await enroll(created.link);
    const items = await state.t.store.db
      .selectFrom('outbox')
      .select('payload')
      .where('target', '=', target)
      .execute();
    expect(items).toHaveLength(1);
    expect(JSON.parse(String(items[0]?.payload))).toMatchObject({
      id: created.id,
      status: 'ENROLLED',
      device_identifier: enrolled.identifier,
      jwt: expect.any(String),
    });
  });

  it('the long poll wakes when the phone enrolls', async () => {
    const created = await state.rp.createEnrollment('judy');
    const waiting = state.rp.getEnrollment(created.id, { wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await enroll(created.link);
    expect(await waiting).toMatchObject({ status: 'ENROLLED' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
