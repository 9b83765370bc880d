import {
  DeviceClient,
  exportDeviceKeys,
  generateDeviceKeys,
  getPairedSvccode,
  importDeviceKeys,
  pairSvccode,
  RpClient,
  SvcApiError,
  SvccodeClient,
  SvcficationClosedError,
  type DeviceKeys,
  type DeviceKeysJwk,
  type Svcfication,
} from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch, testApp, type TestApp } from '../../server/test/helpers.js';

// The device side of the SDK against the whole server in-process (its test app, no port).
let t: TestApp;
let rp: RpClient;
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

const newDevice = (keys?: DeviceKeys) =>
  new DeviceClient(
    {
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    },
    keys,
  );

let counter = 0;
/** A registered device, bound to a new user identifier and activated by the RP. */
async function activeDevice() {
  const device = newDevice();
  const registered = await device.register();
  const userIdentifier = `device-user-${++counter}`;
  const binding = await rp.bindDevice(registered.identifier, userIdentifier);
  await rp.setBindingActive(binding.id, true);
  await rp.setDeviceActive(registered.identifier, true);
  return { device, userIdentifier };
}

const create = (userIdentifier: string, desiredLevel: number) =>
  rp
    .request<Svcfication>('POST', '/api/v2/svcfications', {
      action: 'login',
      resource: 'web',
      desired_level: desiredLevel,
      user_identifier: userIdentifier,
    })
    .then((r) => r.body);
const read = (id: string) =>
  rp.request<Svcfication>('GET', `/api/v2/svcfications/${id}`).then((r) => r.body);

describe('register and keys', () => {
  it('remembers the identifier; the same keys register again as the same device (200)', async () => {
    const device = newDevice();
    const first = await device.register();
    expect(first.status).toBe(201);
    expect(device.identifier).toBe(first.identifier);
    const again = await newDevice(await device.keys()).register();
    expect(again).toMatchObject({ status: 200, identifier: first.identifier });
  });

  it('exported keys survive JSON and import as the same device', async () => {
    const device = newDevice(await generateDeviceKeys({ extractable: true }));
    const { identifier } = await device.register();
    const exported = await exportDeviceKeys(await device.keys());
    const stored = JSON.parse(JSON.stringify(exported)) as DeviceKeysJwk;
    const restored = newDevice(await importDeviceKeys(stored));
    expect(await restored.register()).toMatchObject({ status: 200, identifier });
  });

  it('sends bundle_id only when given; the platform as a string or an option', async () => {
    const stored = async (identifier: string) =>
      t.store.db
        .selectFrom('devices')
        .select(['bundle_id', 'device_platform'])
        .where('identifier', '=', identifier)
        .executeTakeFirstOrThrow();
    const plain = newDevice();
    await plain.register();
    expect(await stored(plain.identifier)).toEqual({ bundle_id: null, device_platform: 'ios' });
    const named = newDevice();
    await named.register({ platform: 'android', bundleId: 'com.acme.wallet' });
    expect(await stored(named.identifier)).toEqual({
      bundle_id: 'com.acme.wallet',
      device_platform: 'android',
    });
    const legacy = newDevice();
    await legacy.register('android');
    expect(await stored(legacy.identifier)).toEqual({
      bundle_id: null,
      device_platform: 'android',
    });
  });

  it('calls that need a registered device refuse before sending anything', async () => {
    const device = newDevice();
    await expect(device.accept('x', { level: 1 })).rejects.toThrow('register the device first');
    await expect(device.reject('x')).rejects.toThrow('register the device first');
    await expect(device.cancel('x')).rejects.toThrow('register the device first');
    await expect(device.pair('x')).rejects.toThrow('register the device first');
  });
});

describe('next', () => {
  it('is null when nothing is open, then the oldest open svcfication', async () => {
    const { device, userIdentifier } = await activeDevice();
    expect(await device.next()).toBeNull();
    const s = await create(userIdentifier, 1);
    expect(await device.next()).toMatchObject({ id: s.id, status: 'IN_PROGRESS' });
  });

  it('with wait, answers as soon as one is created', async () => {
    const { device, userIdentifier } = await activeDevice();
    const waiting = device.next({ wait: 5 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const s = await create(userIdentifier, 2);
    expect(await waiting).toMatchObject({ id: s.id, desired_level: 2 });
  });
});

describe('accept', () => {
  it.each([1, 2, 3] as const)('at level %i proves exactly that level', async (level) => {
    const { device, userIdentifier } = await activeDevice();
    const document = await device.registerDocument({ hash: `doc-${userIdentifier}` });
    expect(device.documentHash).toBe(document.hash);
    const s = await create(userIdentifier, level);
    await device.accept(s.id, { level });
    expect(await read(s.id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted: true, accepted_level: level, device_identifier: device.identifier },
    });
  });

  it('without a level answers at the desired level; a lower one is ACCEPTED_AT_LOWER_LEVEL', async () => {
    const { device, userIdentifier } = await activeDevice();
    const desired = await create(userIdentifier, 2);
    await device.accept(desired.id);
    expect(await read(desired.id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2 },
    });
    const lower = await create(userIdentifier, 2);
    await device.accept(lower.id, { level: 1 });
    expect((await read(lower.id)).status).toBe('ACCEPTED_AT_LOWER_LEVEL');
  });

  it('level 3 needs a document hash: refused locally without one, a given hash is used', async () => {
    const { device, userIdentifier } = await activeDevice();
    const s = await create(userIdentifier, 1);
    await expect(device.accept(s.id, { level: 3 })).rejects.toThrow('level 3 needs the hash');
    await newDevice(await device.keys()).registerDocument({ hash: 'scanned-elsewhere' });
    await device.accept(s.id, { level: 3, documentHash: 'scanned-elsewhere' });
    expect(await read(s.id)).toMatchObject({ result: { accepted_level: 3 } });
  });

  it('a closed svcfication is refused with 422', async () => {
    const { device, userIdentifier } = await activeDevice();
    const s = await create(userIdentifier, 1);
    await device.accept(s.id, { level: 1 });
    const refused = await device.accept(s.id, { level: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SvcApiError);
    expect((refused as SvcApiError).status).toBe(422);
  });
});

describe('reject', () => {
  it('makes the svcfication REJECTED; a second rejection is 422', async () => {
    const { device, userIdentifier } = await activeDevice();
    const s = await create(userIdentifier, 1);
    await device.reject(s.id);
    expect((await device.get(s.id)).status).toBe('REJECTED');
    await expect(device.reject(s.id)).rejects.toMatchObject({ status: 422 });
  });
});

describe('cancel', () => {
  it('makes a svcfication addressed to the device CANCELED; a closed one is 422', async () => {
    const { device, userIdentifier } = await activeDevice();
    const s = await create(userIdentifier, 1);
    await device.cancel(s.id);
    expect((await read(s.id)).status).toBe('CANCELED');
    await expect(device.cancel(s.id)).rejects.toBeInstanceOf(SvcficationClosedError);
  });

  it('another device of the customer cannot cancel it', async () => {
    const { userIdentifier } = await activeDevice();
    const other = (await activeDevice()).device;
    const s = await create(userIdentifier, 1);
    await expect(other.cancel(s.id)).rejects.toBeInstanceOf(SvcApiError);
    expect((await read(s.id)).status).toBe('IN_PROGRESS');
  });
});

describe('number matching', () => {
  it('createSvcfication takes number_matching: the RP gets the number, the device candidates', async () => {
    const { device, userIdentifier } = await activeDevice();
    const s = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: userIdentifier,
      number_matching: true,
    });
    expect(s.match_number).toEqual(expect.any(Number));
    const asked = await device.next();
    expect(asked?.match_candidates).toContain(s.match_number);
    await device.accept(s.id, { level: 1, matchNumber: s.match_number ?? 0 });
    expect((await read(s.id)).status).toBe('ACCEPTED');
  });
});

describe('pair', () => {
  const browser = () =>
    new SvccodeClient({
      baseUrl: 'http://svc',
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });

  it('pairs a scanned code; the RP learns the device (also through pairSvccode)', async () => {
    for (const pairWith of [
      (d: DeviceClient, p: string) => d.pair(p),
      (d: DeviceClient, p: string) => pairSvccode(d, p),
    ]) {
      const device = newDevice();
      await device.register();
      const code = await browser().create(t.customer.id);
      await pairWith(device, code.payload);
      expect(await getPairedSvccode(rp, code.id)).toEqual({
        id: code.id,
        identifier: device.identifier,
      });
    }
  });

  it('a forged payload is refused with 422', async () => {
    const device = newDevice();
    await device.register();
    await expect(device.pair('a.b.c')).rejects.toMatchObject({ status: 422 });
  });
});
