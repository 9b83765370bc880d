import { DeviceClient, type PushChannel } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliverer } from '../../src/areas/push/deliver.js';
import { pushSenders, vapidSubject } from '../../src/areas/push/senders/index.js';
import { OutboxWorker } from '../../src/core/outbox/worker.js';
import { injectFetch, testApp, type TestApp } from '../helpers.js';
import { rpClient } from '../identity.kit.js';
import { quiet } from '../outbox.kit.js';
import { apnsService, fcmService, webPushService } from './receivers.js';

let t: TestApp;
let webPush: Awaited<ReturnType<typeof webPushService>>;
let fcm: Awaited<ReturnType<typeof fcmService>>;
let apns: Awaited<ReturnType<typeof apnsService>>;
let worker: OutboxWorker;

beforeAll(async () => {
  [webPush, fcm, apns] = await Promise.all([webPushService(), fcmService(), apnsService()]);
  t = await testApp({
    publicUrl: 'https://svc.example.com',
    fcmServiceAccountFile: fcm.accountFile,
    fcmBaseUrl: fcm.origin,
    ...apns.config,
  });
  const push = { ...t.ctx, db: t.store.db };
  const vapid = new (await import('../../src/areas/push/vapid-keys.js')).VapidKeys(
    t.store.db,
    t.box,
  );
  worker = new OutboxWorker({
    db: t.store.db,
    clock: t.clock,
    outbox: t.ctx.outbox,
    logger: quiet,
    retryBaseMs: 1000,
    handlers: {
      callback: async () => undefined,
      sms: async () => undefined,
      ciba_ping: async () => undefined,
      push: pushDeliverer({
        ...push,
        metrics: t.ctx.metrics,
        senders: pushSenders(t.config, vapid),
      }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([webPush.close(), fcm.close(), apns.close()]);
});

const rp = () => rpClient(t);

async function phone(user: string, channel: PushChannel) {
  const { link } = await rp().createEnrollment(user);
  const { device } = await DeviceClient.enroll(link, {
    baseUrl: 'http://svc',
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
    pushChannel: channel,
  });
  return device;
}

const login = (user: string) =>
  rp().createSvcfication({
    action: `Sign in as ${user}`,
    resource: 'web',
    desired_level: 1,
    user_identifier: user,
  });

const sends = async () =>
  Object.fromEntries(
    ((await t.ctx.metrics.pushSends.get()).values ?? []).map((v) => [
      `${v.labels.channel}/${v.labels.outcome}`,
      v.value,
    ]),
  );

const items = () =>
  t.store.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'push')
    .orderBy('created_at')
    .execute();

describe('push delivery', () => {
  it('Web Push: encrypted for the subscription (RFC 8291), VAPID-signed for its origin (RFC 8292)', async () => {
    const device = await phone('alice', webPush.subscribe('alice'));
    const created = await login('alice');
    await worker.pass();
    expect(webPush.problems).toEqual([]);
    const [got] = webPush.received;
    expect(got?.body).toEqual({
      type: 'svcfication',
      svcfication_id: created.id,
      device_identifier: device.identifier,
      relying_party: 'acme',
      action: 'Sign in as alice',
      expires_at: created.expires_at,
    });
    expect(got?.claims.sub).toBe('https://svc.example.com');
    expect(got?.headers.urgency).toBe('high');
    expect(Number(got?.headers.ttl)).toBeGreaterThan(0);
    expect(Number(got?.headers.ttl)).toBeLessThanOrEqual(300);
    // The key the VAPID header carries is the one browsers subscribe with.
    expect(got?.headers.authorization).toContain(`k=${await device.webPushKey()}`);
    expect((await items()).at(-1)?.state).toBe('delivered');
    expect((await sends())['web_push/sent']).toBe(1);
  });

  it('FCM HTTP v1: an OAuth token from the service account, a data message to the token', async () => {
    const device = await phone('bob', { type: 'fcm', token: 'fcm-token-of-bob:APA91b' });
    const created = await login('bob');
    await login('bob');
    await worker.pass();
    expect(fcm.problems).toEqual([]);
    expect(fcm.received).toHaveLength(2);
    expect(fcm.exchanges()).toBe(1); // the access token is kept
    expect(
      fcm.received.find(
        (r) =>
          r.body.data && (r.body.data as { svcfication_id: string }).svcfication_id === created.id,
      )?.body,
    ).toEqual({
      token: 'fcm-token-of-bob:APA91b',
      data: expect.objectContaining({
        svcfication_id: created.id,
        device_identifier: device.identifier,
      }),
      android: { priority: 'high', ttl: expect.stringMatching(/^\d+s$/) },
    });
  });

  it('APNs: HTTP/2 with an ES256 provider token, the topic and the alert', async () => {
    const token = 'a1'.repeat(32);
    await phone('carol', { type: 'apns', token });
    const created = await login('carol');
    await worker.pass();
    expect(apns.problems).toEqual([]);
    const [got] = apns.received;
    expect(got?.path).toBe(`/3/device/${token}`);
    expect(got?.body).toEqual({
      aps: { alert: { title: 'acme', body: 'Sign in as carol' }, sound: 'default' },
      svc: expect.objectContaining({ svcfication_id: created.id }),
    });
    const item = (await items()).at(-1);
    expect(got?.headers['apns-id']).toBe(item?.id);
  });

  it('a 404 or 410 removes the channel; 429 and 5xx are retried', async () => {
    await phone('dave', webPush.subscribe('dave'));
    webPush.answers.push(429, 503);
    await login('dave');
    await worker.pass();
    expect((await items()).at(-1)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'web_push push service answered 429',
    });
    t.clock.advance(2000);
    await worker.pass();
    expect((await items()).at(-1)).toMatchObject({ state: 'pending', attempts: 2 });
    t.clock.advance(5000);
    await worker.pass();
    expect((await items()).at(-1)).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(webPush.received.filter((r) => r.path === '/push/dave')).toHaveLength(3);

    const channels = () =>
      t.store.db.selectFrom('push_channels').select('type').where('type', '=', 'apns').execute();
    apns.answers.push(410);
    await login('carol');
    await worker.pass();
    expect((await items()).at(-1)?.state).toBe('delivered');
    expect(await channels()).toEqual([]);
    expect(await sends()).toMatchObject({ 'web_push/retry': 2, 'apns/gone': 1 });
  });

  it('sends nothing once the svcfication expired, or to a device whose channel was removed', async () => {
    const device = await phone('erin', webPush.subscribe('erin'));
    await login('erin');
    t.clock.advance(10 * 60 * 1000);
    await worker.pass();
    await login('erin');
    await device.removePushChannel();
    await worker.pass();
    expect(webPush.received.filter((r) => r.path === '/push/erin')).toEqual([]);
    expect(await sends()).toMatchObject({ 'web_push/expired': 1, 'none/dropped': 1 });
  });

  it('the VAPID subject: the contact, else the https public URL, else the postmaster', () => {
    expect(
      vapidSubject({ pushContact: 'mailto:ops@example.com', publicUrl: 'https://a.example' }),
    ).toBe('mailto:ops@example.com');
    expect(vapidSubject({ pushContact: '', publicUrl: 'https://svc.example.com/base' })).toBe(
      'https://svc.example.com',
    );
    expect(vapidSubject({ pushContact: '', publicUrl: 'http://localhost:8080' })).toBe(
      'mailto:postmaster@localhost',
    );
  });
});
