import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.js';
import { fidoCalls, parseLink, type Json } from '../fido.kit.js';
import { sweepOnce, testApp, type TestApp } from '../helpers.js';
import { smsDeliverer } from '../../src/core/sms/deliverer.js';
import { LogSmsProvider } from '../../src/core/sms/log-provider.js';
import { listSms } from '../../src/core/sms/messages-repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { client, withOrganization, page, callbacks } = fidoCalls(() => t);

describe('registrations', () => {
  it('404 without an organization, and nothing is written', async () => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'alice' },
    });
    expect(res.status).toBe(404);
    expect((await c.call('POST', '/api/v1/users/search', {})).body).toEqual({ users: [] });
  });

  it.each([
    [{}, 'user'],
    [{ user: {} }, 'user.user_identifier'],
    [{ user: { user_identifier: 'a' }, sms_phone_number: '0151 234567' }, 'sms_phone_number'],
    [{ user: { user_identifier: 'a' }, sms_phone_number: '+0123456789' }, 'sms_phone_number'],
    [{ user: { user_identifier: 'a' }, callback_url: 'ftp://rp.example/cb' }, 'callback_url'],
    [{ user: { user_identifier: 'a' }, callback_url: 'not a url' }, 'callback_url'],
  ])('400 for %j naming %s, with no partial write', async (body, field) => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/registrations', body);
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty([field]);
    expect((await c.call('POST', '/api/v1/users/search', {})).body).toEqual({ users: [] });
  });

  it('creates the user when missing (name defaults to the identifier) and reuses it after', async () => {
    const c = await withOrganization();
    const first = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'carol' },
    });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(['id', 'user_link']);
    expect(String(first.body.user_link)).toMatch(
      new RegExp(
        `^https://login\\.acme\\.test/fido/registrations/${String(first.body.id)}#[A-Za-z0-9_-]{43}$`,
      ),
    );
    await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'carol', name: 'Ignored' },
    });
    expect((await c.call('POST', '/api/v1/users/search', {})).body).toEqual({
      users: [
        { id: expect.any(String), name: 'carol', registered: false, user_identifier: 'carol' },
      ],
    });
    const got = await c.call('GET', `/api/v1/registrations/${String(first.body.id)}`);
    expect(got.body).toEqual({
      id: first.body.id,
      user: { id: expect.any(String), name: 'carol', registered: false, user_identifier: 'carol' },
      status: 'PENDING',
    });
  });

  it('queues the link as an SMS in the outbox, in the same write', async () => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'dave' },
      sms_phone_number: '+4915112345678',
    });
    const sms = await t.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'sms')
      .where('target', '=', '+4915112345678')
      .executeTakeFirstOrThrow();
    const { sealed } = JSON.parse(sms.payload) as { sealed: string };
    expect(t.box.open(sealed)).toBe(`Acme: register your passkey at ${String(res.body.user_link)}`);
  });

  it("enrolls an existing user (201), 404 for unknown or other customers' users, redirect_url only from the list", async () => {
    const c = await withOrganization();
    const user = await c.call('POST', '/api/v1/users', { name: 'Erin', user_identifier: 'erin' });
    const url = `/api/v1/users/${String(user.body.id)}/registrations`;
    const res = await c.call('POST', url, {});
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'user_link']);
    expect((await c.call('POST', '/api/v1/users/unknown/registrations', {})).body).toMatchObject({
      error: 'USER_NOT_FOUND',
    });
    const other = await withOrganization();
    expect((await other.call('POST', url, {})).status).toBe(404);
    const refused = await c.call('POST', url, { redirect_url: 'https://acme.test/done' });
    expect(refused.status).toBe(400);
    expect(refused.body.field_errors).toHaveProperty('redirect_url');
    await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/done' });
    const allowed = await c.call('POST', url, { redirect_url: 'https://acme.test/done' });
    expect(allowed.status).toBe(201);
    expect(
      (await c.call('GET', `/api/v1/registrations/${String(allowed.body.id)}`)).body,
    ).toMatchObject({ redirect_url: 'https://acme.test/done', status: 'PENDING' });
    expect((await c.call('POST', url, { sms_phone_number: '12' })).status).toBe(400);
  });

  it('enrolling needs the organization (404)', async () => {
    const c = await client();
    const user = await c.call('POST', '/api/v1/users', { name: 'Finn', user_identifier: 'finn' });
    expect(
      (await c.call('POST', `/api/v1/users/${String(user.body.id)}/registrations`, {})).body,
    ).toMatchObject({ error: 'ORGANIZATION_NOT_FOUND' });
  });

  it('reads EXPIRED 48 hours after creation, and the link no longer opens', async () => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'gina' },
    });
    const { path, secret } = parseLink(res.body.user_link);
    t.clock.advance(48 * 3600 * 1000 - 1);
    expect((await c.call('GET', `/api/v1/registrations/${String(res.body.id)}`)).body.status).toBe(
      'PENDING',
    );
    t.clock.advance(1);
    expect((await c.call('GET', `/api/v1/registrations/${String(res.body.id)}`)).body.status).toBe(
      'EXPIRED',
    );
    expect((await page('POST', `${path}/options`, { secret })).body).toMatchObject({
      error: 'FIDO_LINK_EXPIRED',
    });
    expect((await page('GET', path)).status).toBe(410);
  });

  it("GET of another customer's or an unknown registration is 404", async () => {
    const a = await withOrganization();
    const res = await a.call('POST', '/api/v1/registrations', { user: { user_identifier: 'hal' } });
    expect(
      (await (await withOrganization()).call('GET', `/api/v1/registrations/${String(res.body.id)}`))
        .status,
    ).toBe(404);
    expect((await a.call('GET', '/api/v1/registrations/nope')).body).toMatchObject({
      error: 'REGISTRATION_NOT_FOUND',
    });
  });
});

describe('authentications', () => {
  it('404 without an organization', async () => {
    expect((await (await client()).call('POST', '/api/v1/authentications', {})).body).toMatchObject(
      { error: 'ORGANIZATION_NOT_FOUND' },
    );
  });

  it('422 for an unknown or an unregistered user_identifier', async () => {
    const c = await withOrganization();
    await c.call('POST', '/api/v1/users', { name: 'Ivy', user_identifier: 'ivy' });
    for (const user_identifier of ['nobody', 'ivy']) {
      const res = await c.call('POST', '/api/v1/authentications', { user_identifier });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('FIDO_USER_NOT_REGISTERED');
    }
  });

  it.each([
    [{ sms_phone_number: 'call me' }, 'sms_phone_number'],
    [{ callback_url: 'mailto:rp@example.com' }, 'callback_url'],
    [{ user_identifier: '' }, 'user_identifier'],
  ])('400 for %j', async (body, field) => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/authentications', body);
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty([field]);
  });

  it('sends the authentication link by SMS: queued with the link, delivered by the SMS provider', async () => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/authentications', {
      sms_phone_number: '+15557654321',
    });
    expect(res.status).toBe(201);
    const link = String(res.body.user_link);
    const row = await t.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'sms')
      .where('target', '=', '+15557654321')
      .executeTakeFirstOrThrow();
    // The link's secret is not in the database: the queued text is sealed with the master key.
    const secret = new URL(link).hash.slice(1);
    expect(row.payload).not.toContain(secret);
    const payload = JSON.parse(row.payload) as { sealed: string };
    const body = t.box.open(payload.sealed);
    expect(body).toContain(link);
    const printed: string[] = [];
    const deliver = smsDeliverer(
      new LogSmsProvider(t.store.db, t.clock, { info: (_f, message) => printed.push(message) }),
      t.box,
    );
    await deliver({ id: row.id, target: row.target, payload });
    expect(printed).toEqual([`SMS to +15557654321: ${body}`]);
    const [sent] = await listSms(t.store.db, 1);
    expect(sent).toMatchObject({ id: row.id, to_number: '+15557654321', body });
  });

  it('creates a PENDING one (201) with its link; GET reads it (200) and EXPIRED after 10 minutes', async () => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/authentications', {
      sms_phone_number: '+15551234567',
      callback_url: 'https://rp.example/cb',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      sms_phone_number: '+15551234567',
      callback_url: 'https://rp.example/cb',
      user_link: expect.stringMatching(/^https:\/\/login\.acme\.test\/fido\/authentications\//),
      status: 'PENDING',
    });
    const url = `/api/v1/authentications/${String(res.body.id)}`;
    const { user_link: _link, ...rest } = res.body;
    expect(await c.call('GET', url)).toEqual({ status: 200, body: rest });
    t.clock.advance(10 * 60 * 1000);
    expect((await c.call('GET', url)).body.status).toBe('EXPIRED');
    expect((await (await withOrganization()).call('GET', url)).status).toBe(404);
    expect((await c.call('GET', '/api/v1/authentications/unknown')).body).toMatchObject({
      error: 'AUTHENTICATION_NOT_FOUND',
    });
  });

  it('expiry: the worker writes EXPIRED and queues its callback once; links without a callback just read EXPIRED', async () => {
    const c = await withOrganization();
    const owed = await c.call('POST', '/api/v1/authentications', {
      callback_url: 'https://rp.example/cb/expiry',
    });
    const silent = await c.call('POST', '/api/v1/authentications', {});
    t.clock.advance(10 * 60 * 1000);
    expect(await sweepOnce(t)).toBeGreaterThanOrEqual(1);
    expect(await sweepOnce(t)).toBe(0);
    const [callback, ...more] = await callbacks(
      'https://rp.example/cb/expiry',
      String(owed.body.id),
    );
    expect(more).toEqual([]);
    expect(callback).toMatchObject({
      id: owed.body.id,
      status: 'EXPIRED',
      jwt: expect.any(String),
    });
    expect(
      (await c.call('GET', `/api/v1/authentications/${String(owed.body.id)}`)).body.status,
    ).toBe('EXPIRED');
    expect(
      (await c.call('GET', `/api/v1/authentications/${String(silent.body.id)}`)).body.status,
    ).toBe('EXPIRED');
  });

  /** The user_link of a login made on a fresh app with these settings, for an organization on `domain`. */
  const linkOf = async (overrides: Partial<Config>, domain: string) => {
    const local = await testApp(overrides);
    try {
      const auth = { authorization: `SVC ${local.customer.fido_api_key}` };
      await local.app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: auth,
        payload: { name: 'Acme', domain_name: domain },
      });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/authentications',
        headers: auth,
        payload: {},
      });
      return String(res.json<Json>().user_link);
    } finally {
      await local.close();
    }
  };
  const at = (base: string) =>
    new RegExp(`^${base}/fido/authentications/[0-9a-f-]{36}#[\\w-]{43}$`);

  it('uses SVC_FIDO_LINK_BASE instead of https://{domain_name}, also over SVC_PUBLIC_URL', async () => {
    const base = { fidoLinkBase: 'http://localhost:8080/' };
    expect(await linkOf(base, 'localhost')).toMatch(at('http://localhost:8080'));
    expect(await linkOf({ ...base, publicUrl: 'http://localhost:9000' }, 'localhost')).toMatch(
      at('http://localhost:8080'),
    );
  });

  it('gives a localhost organization links on SVC_PUBLIC_URL (default http://localhost:PORT)', async () => {
    expect(await linkOf({ publicUrl: 'http://localhost:9000/' }, 'localhost')).toMatch(
      at('http://localhost:9000'),
    );
    expect(await linkOf({ port: 3000 }, 'localhost')).toMatch(at('http://localhost:3000'));
    expect(await linkOf({ publicUrl: 'http://localhost:9000' }, 'login.acme.test')).toMatch(
      at('https://login.acme.test'),
    );
  });
});
