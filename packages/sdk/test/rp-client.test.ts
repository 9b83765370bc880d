import { describe, expect, it } from 'vitest';
import {
  DeviceClient,
  LegacyClient,
  pairSvccode,
  SvccodeClient,
  type Svcfication,
} from '../src/index.js';
import { approve, boundDevice, newCustomer, useServer } from './kit.js';

const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });

describe('RpClient against a spawned `svc serve`', () => {
  it('devices, bindings, user identifiers, users and identity documents', async () => {
    const { customer, rp } = newCustomer(server());
    const device = new DeviceClient({
      baseUrl: server().url,
      credentials: customer.sdk_credentials,
    });
    const registered = await device.register();

    expect(await rp.getDevice(device.identifier)).toMatchObject({
      identifier: device.identifier,
      svc_id: registered.svc_id,
    });
    expect(await rp.setDeviceActive(device.identifier, true)).toMatchObject({ active: true });
    expect(await rp.createUserIdentifier(registered.svc_id, 'dana')).toBeUndefined();
    expect(await rp.getUserIdentifier('dana')).toEqual({
      svc_id: registered.svc_id,
      identifier: 'dana',
    });
    const binding = await rp.bindDevice(device.identifier, 'dana');
    expect(binding).toMatchObject({ device_identifier: device.identifier, active: false });
    expect(await rp.setBindingActive(binding.id, true)).toMatchObject({ active: true });

    const document = await rp.registerDocumentFor('dana', { hash: 'hash-dana' });
    expect(document).toMatchObject({ hash: 'hash-dana', type: 'AAMVA_DRIVERS_LICENSE' });
    expect(await rp.getDocument(document.id)).toEqual(document);
    expect(await rp.listDocuments('dana')).toEqual([document]);

    expect(await rp.deactivateUser('dana')).toBeUndefined();
    expect(await rp.getDevice(device.identifier)).toMatchObject({ active: false });
  });

  it('svcfications to each target, at each level, answered through waitForResult', async () => {
    const { customer, rp } = newCustomer(server());
    const device = await boundDevice(server(), customer, rp, 'erin@example.com');
    const { svc_id } = await rp.getDevice(device.identifier);
    const hash = (await device.registerDocument({ hash: 'doc-erin' })).hash;
    const base = { action: 'login', resource: 'web' } as const;

    const targets = [
      { ...base, desired_level: 1, device_identifier: device.identifier },
      { ...base, desired_level: 2, user_identifier: 'erin@example.com' },
      { ...base, desired_level: 3, svc_id, show_identity_document: true },
      {
        ...base,
        desired_level: 2,
        email: 'erin@example.com',
        expires_at: new Date(Date.now() + 60e3),
      },
    ] as const;
    for (const input of targets) {
      const created = await rp.createSvcfication(input);
      expect(created).toMatchObject({ status: 'IN_PROGRESS', desired_level: input.desired_level });
      const waiting = rp.waitForResult(created.id, { timeoutMs: 10_000 });
      await approve(device, created.id, input.desired_level, hash);
      const final = await waiting;
      expect(final).toMatchObject({
        id: created.id,
        status: 'ACCEPTED',
        result: { accepted: true, accepted_level: input.desired_level },
      });
      expect(await rp.getSvcfication(created.id)).toEqual(final);
    }
  });

  it('waitForResult answers IN_PROGRESS after its timeout; cancel makes it CANCELED', async () => {
    const { customer, rp } = newCustomer(server());
    await boundDevice(server(), customer, rp, 'fay');
    const created = await rp.createSvcfication({
      action: 'pay',
      resource: 'invoice 7',
      desired_level: 1,
      user_identifier: 'fay',
      custom_fields: { amount: 7 },
    });
    const started = Date.now();
    const still = await rp.waitForResult(created.id, { timeoutMs: 1_000 });
    expect(still.status).toBe('IN_PROGRESS');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeLessThan(3_000);

    const aborted = new AbortController();
    const waiting = rp.waitForResult(created.id, { signal: aborted.signal });
    aborted.abort();
    await expect(waiting).rejects.toThrow();

    const held = rp.getSvcfication(created.id, { wait: 10 });
    expect(await rp.cancelSvcfication(created.id)).toBeUndefined();
    expect((await held).status).toBe('CANCELED');
  });

  it('history: one page, and every page through svcficationHistory', async () => {
    const { customer, rp } = newCustomer(server());
    await boundDevice(server(), customer, rp, 'gus');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await rp.createSvcfication({
            action: 'login',
            resource: `r${i}`,
            desired_level: 1,
            user_identifier: 'gus',
          })
        ).id,
      );
    const newest = ids.toReversed();
    const page = await rp.listSvcfications('gus', { limit: 2 });
    expect(page.map((s) => s.id)).toEqual(newest.slice(0, 2));
    const older = await rp.listSvcfications('gus', { limit: 2, before: page[1]?.created_at });
    expect(older.map((s) => s.id)).toEqual(newest.slice(2, 4));
    const all: Svcfication[] = [];
    for await (const s of rp.svcficationHistory('gus', { limit: 2 })) all.push(s);
    expect(all.map((s) => s.id)).toEqual(newest);
  });

  it('svccodes: the paired device, a svcfication to svccode_id, then bindUser', async () => {
    const { customer, rp } = newCustomer(server());
    const device = new DeviceClient({
      baseUrl: server().url,
      credentials: customer.sdk_credentials,
    });
    await device.register();
    await rp.setDeviceActive(device.identifier, true);
    const code = await new SvccodeClient({ baseUrl: server().url }).create(customer.id);
    await pairSvccode(device, code.payload);

    expect(await rp.getPairedSvccode(code.id)).toEqual({
      id: code.id,
      identifier: device.identifier,
    });
    const confirm = await rp.createSvcfication({
      action: 'link account',
      resource: 'web',
      desired_level: 1,
      svccode_id: code.id,
    });
    await approve(device, confirm.id);
    expect((await rp.waitForResult(confirm.id)).status).toBe('ACCEPTED');
    const binding = await rp.bindUser(code.id, 'hana');
    expect(binding).toMatchObject({
      device_identifier: device.identifier,
      user_identifier: 'hana',
      active: false,
    });
    expect(await rp.setBindingActive(binding.id, true)).toMatchObject({ active: true });
  });

  it('the legacy v1 pair, with user credentials', async () => {
    const { customer, rp } = newCustomer(server());
    await boundDevice(server(), customer, rp, 'ivy');
    const legacy = new LegacyClient({
      baseUrl: server().url,
      credentials: customer.user_credentials,
    });
    const id = await legacy.createVerification({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'ivy',
      display_name: 'Ivy',
    });
    expect(await legacy.getVerification(id)).toMatchObject({
      verification_id: id,
      status: 'IN_PROGRESS',
      display_name: 'Ivy',
      created_date: expect.any(Number),
    });
    expect((await rp.getSvcfication(id)).id).toBe(id);
  });
});
