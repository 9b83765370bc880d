import { DeviceClient, payloads, RpClient, signedPayload, SvcApiError } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSvcfications } from '../src/areas/svcfications/expire-svcfications.js';
import { injectFetch, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let rp: RpClient;
let counter = 0;
const status = (promise: Promise<unknown>) =>
  promise.then(
    (r) => (r as { status?: number } | undefined)?.status ?? 200,
    (e: unknown) => (e instanceof SvcApiError ? e.status : -1),
  );
const bodyOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e as SvcApiError).body as Record<string, unknown>,
  );

beforeAll(async () => {
  t = await testApp();
  rp = new RpClient({
    baseUrl: 'http://svc',
    credentials: t.customer.server_credentials,
    fetch: injectFetch(t.app),
  });
});
afterAll(async () => t.close());

/** A registered, bound and activated device with a registered document. */
async function user(options: { document?: boolean; activate?: boolean } = {}) {
  const identifier = `user-${++counter}`;
  const device = new DeviceClient({
    baseUrl: 'http://svc',
    credentials: t.customer.sdk_credentials,
    fetch: injectFetch(t.app),
  });
  const registered = await device.register();
  const binding = await rp.bindDevice(registered.identifier, identifier);
  if (options.activate !== false) {
    await rp.setBindingActive(binding.id, true);
    await rp.setDeviceActive(registered.identifier, true);
  }
  if (options.document !== false) await device.registerDocument({ hash: `doc-${identifier}` });
  return {
    identifier,
    device,
    svcId: registered.svc_id,
    bindingId: binding.id,
    docHash: `doc-${identifier}`,
  };
}

type Svc = {
  id: string;
  status: string;
  result: Record<string, unknown> | null;
  expires_at: string;
  user_identifier: string | null;
};
const create = (body: Record<string, unknown>) =>
  rp
    .request<Svc>('POST', '/api/v2/svcfications', { action: 'login', resource: 'web', ...body })
    .then((r) => r.body);
const read = (id: string, query = '') =>
  rp.request<Svc>('GET', `/api/v2/svcfications/${id}${query}`).then((r) => r.body);
const next = (device: DeviceClient, query = '') =>
  device.signed<Svc | undefined>('GET', `/api/v2/svcfications/next${query}`);
const respond = (device: DeviceClient, list: string[]) =>
  device.signed('POST', '/api/v2/svcfication_responses', { payloads: list });

function answer(u: Awaited<ReturnType<typeof user>>, id: string, level: number): string[] {
  const { keys, identifier } = u.device;
  const list = [payloads.deviceAr(keys, id, identifier)];
  if (level >= 2) list.push(payloads.userPresence(keys, id, identifier));
  if (level >= 3) list.push(payloads.license(keys, id, identifier, u.docHash));
  return list;
}

describe('creation', () => {
  it('201 IN_PROGRESS with defaults and a 90 s expiry; unknown and null fields tolerated', async () => {
    const u = await user();
    const s = await rp.request<Svc & Record<string, unknown>>('POST', '/api/v2/svcfications', {
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: u.identifier,
      email: null,
      favourite: 'x',
    });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({
      status: 'IN_PROGRESS',
      prompt: true,
      user_presence: true,
      show_identity_document: false,
      user_identifier: u.identifier,
      relying_party: 'acme',
      result: null,
    });
    expect(new Date(s.body.expires_at).getTime() - t.clock.now().getTime()).toBe(90_000);
    expect(s.body).not.toHaveProperty('favourite');
  });

  it.each([
    ['level 0', { desired_level: 0, user_identifier: 'x' }],
    ['level 4', { desired_level: 4 }],
    ['level "2"', { desired_level: '2' }],
    ['missing action', { action: undefined, desired_level: 1 }],
    ['missing resource', { resource: undefined, desired_level: 1 }],
    ['no target', { desired_level: 1 }],
    ['two targets', { desired_level: 1, user_identifier: 'a', svc_id: 'b' }],
    ['an unbound user', { desired_level: 1, user_identifier: 'nobody' }],
    ['an unknown device', { desired_level: 1, device_identifier: 'nope' }],
    ['an unknown svc_id', { desired_level: 1, svc_id: 'nope' }],
    ['an unpaired svccode', { desired_level: 1, svccode_id: 'nope' }],
    ['a bad email', { desired_level: 1, email: 'not-an-email' }],
    [
      'an http callback without the insecure flag',
      { desired_level: 1, user_identifier: 'x', callback_url: 'ftp://example.com/cb' },
    ],
  ])('422 {message, errors} for %s', async (_name, body) => {
    const error = await bodyOf(create(body));
    expect(error).toEqual({
      message: expect.any(String),
      errors: expect.arrayContaining([expect.any(String)]),
    });
  });

  it('level 3 for a user without a document → 424 NO_DOCUMENTS', async () => {
    const u = await user({ document: false });
    const error = await bodyOf(create({ desired_level: 3, user_identifier: u.identifier }));
    expect(error).toMatchObject({ error: 'NO_DOCUMENTS' });
  });

  it('targets by device_identifier, svc_id, user_identifier and email; each reaches the device', async () => {
    const u = await user();
    const byEmail = `${u.identifier}@example.com`;
    const emailUser = await user();
    await rp.bindDevice(emailUser.device.identifier, byEmail).catch(() => undefined);
    for (const target of [
      { device_identifier: u.device.identifier },
      { svc_id: u.svcId },
      { user_identifier: u.identifier },
    ]) {
      const s = await create({ desired_level: 1, ...target });
      expect((await next(u.device)).body?.id).toBe(s.id);
      await rp.request('DELETE', `/api/v2/svcfications/${s.id}`);
    }
    const other = await user();
    const otherEmail = `${other.identifier}@example.com`;
    const d = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: injectFetch(t.app),
    });
    await d.register();
    const b = await rp.bindDevice(d.identifier, otherEmail);
    await rp.setBindingActive(b.id, true);
    await rp.setDeviceActive(d.identifier, true);
    const s = await create({ desired_level: 1, email: otherEmail });
    expect((await next(d)).body?.id).toBe(s.id);
  });

  it('an expires_at in the past is accepted and reads EXPIRED', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      expires_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(s.status).toBe('EXPIRED');
    expect((await next(u.device)).status).toBe(204);
  });
});

describe('levels: desired × achieved', () => {
  const cases: [number, number, string][] = [];
  for (const desired of [1, 2, 3])
    for (const achieved of [1, 2, 3])
      cases.push([
        desired,
        achieved,
        achieved === desired
          ? 'ACCEPTED'
          : achieved > desired
            ? 'ACCEPTED_AT_HIGHER_LEVEL'
            : 'ACCEPTED_AT_LOWER_LEVEL',
      ]);

  it.each(cases)('desired %i, achieved %i → %s', async (desired, achieved, expected) => {
    const u = await user();
    const s = await create({ desired_level: desired, user_identifier: u.identifier });
    expect(await status(respond(u.device, answer(u, s.id, achieved)))).toBe(201);
    const done = await read(s.id);
    expect(done.status).toBe(expected);
    expect(done.result).toEqual({
      id: expect.any(String),
      accepted: true,
      is_accepted: true,
      accepted_level: achieved,
      bound_user_identifier: u.identifier,
      device_identifier: u.device.identifier,
      user_identifier: u.identifier,
    });
  });
});

describe('payload defects → 422 and the svcfication stays open', () => {
  const defects: [
    string,
    (u: Awaited<ReturnType<typeof user>>, id: string) => Promise<string[]> | string[],
  ][] = [
    [
      'a bad signature',
      (u, id) => [
        payloads
          .deviceAr(u.device.keys, id, u.device.identifier)
          .replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`),
      ],
    ],
    [
      'the wrong key (auth key signs device_ar)',
      (u, id) => [
        signedPayload(u.device.keys.auth, {
          type: 'device_ar',
          svcfication_id: id,
          device_identifier: u.device.identifier,
          nonce: 'n1',
          checksum: 'x',
        }),
      ],
    ],
    [
      'a wrong checksum',
      (u, id) => [
        signedPayload(u.device.keys.device, {
          type: 'device_ar',
          svcfication_id: id,
          device_identifier: u.device.identifier,
          nonce: 'n2',
          checksum: '0'.repeat(64),
        }),
      ],
    ],
    ['another device named', (u, id) => [payloads.deviceAr(u.device.keys, id, 'someone-else')]],
    [
      'an unknown document hash',
      (u, id) => [
        ...answer(u, id, 2),
        payloads.license(u.device.keys, id, u.device.identifier, 'not-registered'),
      ],
    ],
    [
      'a wrong svcfication id',
      (u) => [payloads.deviceAr(u.device.keys, 'other-id', u.device.identifier)],
    ],
    ['no device_ar', (u, id) => [payloads.userPresence(u.device.keys, id, u.device.identifier)]],
    ['garbage', () => ['not a payload']],
    [
      'non-JSON',
      () => [`${Buffer.from('{nope').toString('base64')}.${Buffer.from('sig').toString('base64')}`],
    ],
  ];

  it.each(defects)('%s', async (_name, build) => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const res = await bodyOf(respond(u.device, await build(u, s.id)));
    expect(res).toMatchObject({
      error: expect.stringMatching(/RESPONSE_INVALID|VALIDATION_FAILED/),
    });
    expect((await read(s.id)).status).toBe('IN_PROGRESS');
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(201);
  });

  it('a reused nonce → 422, nothing consumed by the failed attempt', async () => {
    const u = await user();
    const first = await create({ desired_level: 1, user_identifier: u.identifier });
    await respond(u.device, [
      payloads.deviceAr(u.device.keys, first.id, u.device.identifier, 'same-nonce'),
    ]);
    const second = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(
      await bodyOf(
        respond(u.device, [
          payloads.deviceAr(u.device.keys, second.id, u.device.identifier, 'same-nonce'),
        ]),
      ),
    ).toMatchObject({ error: 'RESPONSE_INVALID' });
    expect((await read(second.id)).status).toBe('IN_PROGRESS');
  });

  it('a device that is not addressed cannot answer or read it', async () => {
    const u = await user();
    const stranger = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(respond(stranger.device, answer(stranger, s.id, 1)))).toBe(422);
    expect(await status(stranger.device.signed('GET', `/api/v2/svcfications/${s.id}`))).toBe(404);
    expect((await u.device.signed<Svc>('GET', `/api/v2/svcfications/${s.id}`)).body.id).toBe(s.id);
    expect(await status(u.device.request('GET', `/api/v2/svcfications/${s.id}`))).toBe(403);
  });
});

describe('reject, cancel, expiry, closed', () => {
  it('reject → REJECTED (204), then answering or rejecting again → 422', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfication_responses/${s.id}`))).toBe(
      204,
    );
    expect(await read(s.id)).toMatchObject({
      status: 'REJECTED',
      result: { accepted: false, device_identifier: u.device.identifier },
    });
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(422);
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfication_responses/${s.id}`))).toBe(
      422,
    );
  });

  it('cancel → CANCELED (204); cancel of a closed one → 422; bad credentials → 403', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(rp.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(204);
    expect((await read(s.id)).status).toBe('CANCELED');
    expect(await status(rp.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(422);
    expect(await status(rp.request('DELETE', '/api/v2/svcfications/unknown'))).toBe(422);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v2/svcfications/${s.id}` })).statusCode,
    ).toBe(403);
  });

  it('expiry: reads EXPIRED, never served by /next, cannot be answered; the sweeper writes it', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    t.clock.advance(91_000);
    expect((await read(s.id)).status).toBe('EXPIRED');
    expect((await next(u.device)).status).toBe(204);
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(422);
    expect(await expireSvcfications({ ...t.ctx, db: t.store.db })).toBeGreaterThanOrEqual(1);
    const stored = await t.store.db
      .selectFrom('svcfications')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('EXPIRED');
  });

  it('other tenants get 404 on read', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const other = new RpClient({
      baseUrl: 'http://svc',
      credentials: (await t.newCustomer('other')).server_credentials,
      fetch: injectFetch(t.app),
    });
    expect(await status(other.request('GET', `/api/v2/svcfications/${s.id}`))).toBe(404);
    expect(await status(read('unknown'))).toBe(404);
  });
});

describe('/next', () => {
  it('serves the oldest open one first; 204 when none', async () => {
    const u = await user();
    expect((await next(u.device)).status).toBe(204);
    const a = await create({ desired_level: 1, user_identifier: u.identifier });
    t.clock.advance(10);
    await create({ desired_level: 1, user_identifier: u.identifier });
    expect((await next(u.device)).body?.id).toBe(a.id);
  });

  it('deactivated devices and bindings get nothing', async () => {
    const u = await user();
    await create({ desired_level: 1, user_identifier: u.identifier });
    await rp.setBindingActive(u.bindingId, false);
    expect((await next(u.device)).status).toBe(204);
    await rp.setBindingActive(u.bindingId, true);
    expect((await next(u.device)).status).toBe(200);
    await rp.setDeviceActive(u.device.identifier, false);
    expect((await next(u.device)).status).toBe(204);
  });

  it('a long poll wakes when a svcfication is created by another request', async () => {
    const u = await user();
    const waiting = next(u.device, '?wait=10');
    await new Promise((r) => setTimeout(r, 50));
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const got = await waiting;
    expect(got.status).toBe(200);
    expect(got.body?.id).toBe(s.id);
  });

  it('GET {id}?wait returns as soon as the device answers', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const waiting = read(s.id, '?wait=10');
    await new Promise((r) => setTimeout(r, 50));
    await respond(u.device, answer(u, s.id, 1));
    expect((await waiting).status).toBe('ACCEPTED');
    expect(await status(rp.request('GET', `/api/v2/svcfications/${s.id}?wait=31`))).toBe(422);
  });
});

describe('history and legacy v1', () => {
  it("lists a user's svcfications newest first with limit and before", async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create({ desired_level: 1, user_identifier: u.identifier })).id);
      t.clock.advance(1000);
    }
    const all = (
      await rp.request<Svc[]>('GET', `/api/v2/svcfications?user_identifier=${u.identifier}`)
    ).body;
    expect(all.map((s) => s.id)).toEqual([...ids].reverse());
    const page = (
      await rp.request<(Svc & { created_at: string })[]>(
        'GET',
        `/api/v2/svcfications?user_identifier=${u.identifier}&limit=1`,
      )
    ).body;
    expect(page.map((s) => s.id)).toEqual([ids[2]]);
    const older = (
      await rp.request<Svc[]>(
        'GET',
        `/api/v2/svcfications?user_identifier=${u.identifier}&before=${encodeURIComponent(page[0]?.created_at ?? '')}`,
      )
    ).body;
    expect(older.map((s) => s.id)).toEqual([ids[1], ids[0]]);
  });

  it('v1 verifications: 201 empty with user credentials, readable as a Verification', async () => {
    const u = await user();
    const legacy = new RpClient({
      baseUrl: 'http://svc',
      credentials: t.customer.user_credentials,
      fetch: injectFetch(t.app),
    });
    const created = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(created.statusCode).toBe(200);
    const res = await legacy.request<undefined>('POST', '/api/v1/verifications', {
      action: 'pay',
      resource: 'order-1',
      desired_level: 2,
      user_identifier: u.identifier,
      display_name: 'Shop',
      interval: 5,
    });
    expect(res.status).toBe(201);
    expect(res.body).toBeUndefined();
    const svcficationId = (await next(u.device)).body?.id ?? '';
    const v = (
      await legacy.request<Record<string, unknown>>('GET', `/api/v1/verifications/${svcficationId}`)
    ).body;
    expect(v).toMatchObject({
      verification_id: svcficationId,
      action: 'pay',
      resource: 'order-1',
      desired_level: 2,
      status: 'IN_PROGRESS',
      display_name: 'Shop',
      interval: 5,
      relying_party_display_name: 'acme',
      accepted_level: null,
    });
    expect(v.created_date).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(await status(rp.request('GET', `/api/v1/verifications/${svcficationId}`))).toBe(403);
  });
});

describe('hardening', () => {
  it('a callback-bearing answer completes while the signing key must be reloaded (no lock-up on SQLite)', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      callback_url: 'https://rp.example.com/hooks/x1',
    });
    (t.ctx.keys as unknown as { current: unknown }).current = null;
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(201);
    const queued = await t.store.db
      .selectFrom('outbox')
      .select('payload')
      .where('target', '=', 'https://rp.example.com/hooks/x1')
      .execute();
    expect(
      queued.map((r) => JSON.parse(r.payload) as { status: string }).map((p) => p.status),
    ).toEqual(['ACCEPTED']);
  });

  it('a leap-second or impossible date-time is a 4xx, not a crash', async () => {
    const u = await user();
    for (const expires_at of ['2030-12-31T23:59:60Z', '2030-02-30T10:00:00Z'])
      expect(
        await bodyOf(create({ desired_level: 1, user_identifier: u.identifier, expires_at })),
      ).toMatchObject({ errors: expect.any(Array) });
    expect(
      await status(
        rp.request(
          'GET',
          `/api/v2/svcfications?user_identifier=${u.identifier}&before=2016-12-31T23:59:60Z`,
        ),
      ),
    ).toBe(422);
  });

  it('device routes take SDK credentials only; cancel with SDK credentials needs an addressed device', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(rp.request('GET', '/api/v2/svcfications/next'))).toBe(403);
    const sdk = new RpClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: injectFetch(t.app),
    });
    expect(await status(sdk.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(403);
    const stranger = await user();
    expect(await status(stranger.device.signed('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(
      422,
    );
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(204);
    expect((await read(s.id)).status).toBe('CANCELED');
  });

  it('concurrent bindings of one device: one binds, the others are 409', async () => {
    const device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: injectFetch(t.app),
    });
    await device.register();
    const results = await Promise.all(
      ['p', 'q', 'r', 's'].map((id) => status(rp.bindDevice(device.identifier, `race-${id}`))),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(3);
  });
});
