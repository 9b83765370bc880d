import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator, type SoftOptions } from '../src/bench/soft-authenticator.js';
import { fidoDeps } from '../src/areas/fido/deps.js';
import { expireLinks } from '../src/areas/fido/expire-links.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const origin = 'https://login.acme.test';
type Json = Record<string, unknown>;

/** A FIDO API caller: a fresh customer unless a key is given. */
async function client(key?: string) {
  const apiKey = key ?? (await t.newCustomer()).fido_api_key;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    auth: string | null = `SVC ${apiKey}`,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: auth ? { authorization: auth } : {},
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    return { status: res.statusCode, body: res.body ? res.json<Json>() : {} };
  };
  return { apiKey, call };
}

async function withOrganization(flags: Json = {}) {
  const c = await client();
  const org = await c.call('POST', '/api/v1/organizations', {
    name: 'Acme',
    domain_name: 'login.acme.test',
    verify_attestation_statement: false,
    ...flags,
  });
  expect(org.status).toBe(201);
  return { ...c, org: org.body };
}

/** Path and secret of a `user_link`. */
function parseLink(userLink: unknown): { path: string; secret: string } {
  const url = new URL(String(userLink));
  return { path: url.pathname, secret: url.hash.slice(1) };
}

const page = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  const isJson = String(res.headers['content-type']).startsWith('application/json');
  return {
    status: res.statusCode,
    body: isJson ? res.json<Json>() : {},
    text: res.body,
    headers: res.headers,
  };
};

async function register(
  c: Awaited<ReturnType<typeof withOrganization>>,
  authenticator: SoftAuthenticator,
  userIdentifier = 'alice',
  tamper: (r: RegistrationResponseJSON) => RegistrationResponseJSON = (r) => r,
  from = origin,
) {
  const created = await c.call('POST', '/api/v1/registrations', {
    user: { user_identifier: userIdentifier, name: 'Alice' },
    callback_url: 'https://rp.example/cb/r4nd0m',
  });
  const { path, secret } = parseLink(created.body.user_link);
  const options = await page('POST', `${path}/options`, { secret });
  expect(options.status).toBe(200);
  const response = tamper(
    authenticator.register(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, from),
  );
  const verified = await page('POST', `${path}/verify`, { secret, response });
  return { id: String(created.body.id), path, secret, options: options.body, verified };
}

async function authenticate(
  c: Awaited<ReturnType<typeof withOrganization>>,
  authenticator: SoftAuthenticator,
  body: Json = {},
  from = origin,
) {
  const created = await c.call('POST', '/api/v1/authentications', {
    callback_url: 'https://rp.example/cb/4uth',
    ...body,
  });
  expect(created.status).toBe(201);
  const { path, secret } = parseLink(created.body.user_link);
  const options = await page('POST', `${path}/options`, { secret });
  expect(options.status).toBe(200);
  const response: AuthenticationResponseJSON = authenticator.authenticate(
    options.body as unknown as PublicKeyCredentialRequestOptionsJSON,
    from,
  );
  const verified = await page('POST', `${path}/verify`, { secret, response });
  return { id: String(created.body.id), path, secret, options: options.body, verified };
}

/** The callbacks queued to a URL about one resource. */
async function callbacks(target: string, id: string): Promise<Json[]> {
  const rows = await t.store.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'callback')
    .where('target', '=', target)
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as Json).filter((p) => p.id === id);
}

describe('FIDO API authentication', () => {
  const routes: ['GET' | 'POST', string][] = [
    ['POST', '/api/v1/organizations'],
    ['GET', '/api/v1/organizations/x'],
    ['POST', '/api/v1/redirect_uris'],
    ['GET', '/api/v1/redirect_uris'],
    ['POST', '/api/v1/users'],
    ['POST', '/api/v1/users/search'],
    ['POST', '/api/v1/registrations'],
    ['POST', '/api/v1/users/x/registrations'],
    ['GET', '/api/v1/registrations/x'],
    ['POST', '/api/v1/authentications'],
    ['GET', '/api/v1/authentications/x'],
  ];
  it.each(routes)(
    '%s %s is 403 without, with a wrong, or with another kind of key',
    async (method, url) => {
      const c = await client();
      for (const auth of [
        null,
        'SVC nope',
        `Bearer ${t.customer.sandbox_token}`,
        `SVC ${t.customer.sandbox_token}`,
      ]) {
        const res = await c.call(method, url, method === 'POST' ? {} : undefined, auth);
        expect(res.status, String(auth)).toBe(403);
        expect(res.body).toMatchObject({
          error: 'FORBIDDEN',
          message: expect.any(String),
          description: expect.any(String),
        });
      }
    },
  );
});

describe('organizations', () => {
  it('creates one with defaults and a generated oidc_client_id (201), then 409', async () => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/organizations', {
      name: 'Acme',
      domain_name: 'login.acme.test',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Acme',
      domain_name: 'login.acme.test',
      oidc_client_id: expect.any(String),
      redirect_uris: [],
      require_platform_authenticator: false,
      require_resident_key: false,
      verify_attestation_statement: true,
    });
    expect(
      (await c.call('POST', '/api/v1/organizations', { name: 'Other', domain_name: 'other.test' }))
        .body,
    ).toMatchObject({ error: 'ORGANIZATION_EXISTS' });
    expect(
      (await c.call('POST', '/api/v1/organizations', { name: 'Other', domain_name: 'other.test' }))
        .status,
    ).toBe(409);
  });

  it('keeps the flags given', async () => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/organizations', {
      name: 'Acme',
      domain_name: 'localhost',
      require_platform_authenticator: true,
      require_resident_key: true,
      verify_attestation_statement: false,
    });
    expect(res.body).toMatchObject({
      require_platform_authenticator: true,
      require_resident_key: true,
      verify_attestation_statement: false,
    });
  });

  it.each([
    [{}, ['name', 'domain_name']],
    [{ name: 'Acme' }, ['domain_name']],
    [{ name: '  ', domain_name: 'acme.test' }, ['name']],
    [{ name: 'Acme', domain_name: 'https://acme.test' }, ['domain_name']],
    [{ name: 'Acme', domain_name: 'acme.test:8443' }, ['domain_name']],
    [{ name: 'Acme', domain_name: '10.0.0.1' }, ['domain_name']],
    [{ name: 'Acme', domain_name: 'Acme.Test' }, ['domain_name']],
    [
      { name: 'Acme', domain_name: 'acme.test', require_resident_key: 'yes' },
      ['require_resident_key'],
    ],
    [{ name: 'x'.repeat(129), domain_name: 'acme.test' }, ['name']],
  ])('400 ErrorWithFields for %j, and nothing is written', async (body, fields) => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/organizations', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('MISSING_FIELDS');
    expect(Object.keys(res.body.field_errors as Json).sort()).toEqual([...fields].sort());
    expect((await c.call('GET', '/api/v1/redirect_uris')).status).toBe(404);
  });

  it("GET answers 201 (the spec's stated code) for its own id and 404 for any other", async () => {
    const a = await withOrganization();
    const b = await withOrganization();
    const own = await a.call('GET', `/api/v1/organizations/${String(a.org.id)}`);
    expect(own.status).toBe(201);
    expect(own.body).toEqual(a.org);
    expect((await a.call('GET', `/api/v1/organizations/${String(b.org.id)}`)).status).toBe(404);
    expect((await a.call('GET', '/api/v1/organizations/unknown')).body).toMatchObject({
      error: 'ORGANIZATION_NOT_FOUND',
    });
    expect(
      (await (await client()).call('GET', `/api/v1/organizations/${String(a.org.id)}`)).status,
    ).toBe(404);
  });
});

describe('redirect URIs', () => {
  it('404 before the organization exists', async () => {
    const c = await client();
    expect(
      (await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/done' })).status,
    ).toBe(404);
    expect((await c.call('GET', '/api/v1/redirect_uris')).body).toMatchObject({
      error: 'ORGANIZATION_NOT_FOUND',
    });
  });

  it('adds (201), lists (200), shows them on the organization, and refuses duplicates (409)', async () => {
    const c = await withOrganization();
    const added = await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/done' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(String), uri: 'https://acme.test/done' });
    t.clock.advance(1);
    expect(
      (await c.call('POST', '/api/v1/redirect_uris', { uri: 'http://localhost:3000/cb' })).status,
    ).toBe(201);
    const dup = await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/done' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('REDIRECT_URI_EXISTS');
    const list = await c.call('GET', '/api/v1/redirect_uris');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      added.body,
      { id: expect.any(String), uri: 'http://localhost:3000/cb' },
    ]);
    expect(
      (await c.call('GET', `/api/v1/organizations/${String(c.org.id)}`)).body.redirect_uris,
    ).toEqual(['https://acme.test/done', 'http://localhost:3000/cb']);
  });

  it.each([
    {},
    { uri: '' },
    { uri: '/relative' },
    { uri: 'javascript:alert(1)' },
    { uri: 'http://acme.test/plain' },
    { uri: 'https://user:pw@acme.test/' },
    { uri: 7 },
  ])('400 for %j', async (body) => {
    const c = await withOrganization();
    const res = await c.call('POST', '/api/v1/redirect_uris', body);
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty('uri');
    expect((await c.call('GET', '/api/v1/redirect_uris')).body).toEqual([]);
  });
});

describe('users', () => {
  it('creates (201), refuses a duplicate identifier (409), and allows it for another customer', async () => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/users', {
      name: 'Alice',
      user_identifier: 'alice@acme.test',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Alice',
      registered: false,
      user_identifier: 'alice@acme.test',
    });
    const dup = await c.call('POST', '/api/v1/users', {
      name: 'Alice 2',
      user_identifier: 'alice@acme.test',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('USER_EXISTS');
    expect(
      (
        await (
          await client()
        ).call('POST', '/api/v1/users', { name: 'Alice', user_identifier: 'alice@acme.test' })
      ).status,
    ).toBe(201);
  });

  it.each([
    [{}, ['name', 'user_identifier']],
    [{ name: 'A' }, ['user_identifier']],
    [{ name: 'A', user_identifier: 'x'.repeat(257) }, ['user_identifier']],
    [{ name: 5, user_identifier: 'a' }, ['name']],
  ])('400 for %j', async (body, fields) => {
    const c = await client();
    const res = await c.call('POST', '/api/v1/users', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.field_errors as Json).sort()).toEqual([...fields].sort());
    expect((await c.call('POST', '/api/v1/users/search', {})).body).toEqual({ users: [] });
  });

  it("searches by registered and user_identifier, only among the caller's users", async () => {
    const c = await withOrganization();
    await c.call('POST', '/api/v1/users', { name: 'Bob', user_identifier: 'bob' });
    t.clock.advance(1);
    await register(c, new SoftAuthenticator(), 'alice');
    await (await client()).call('POST', '/api/v1/users', { name: 'Eve', user_identifier: 'eve' });
    const ids = async (body?: Json) =>
      ((await c.call('POST', '/api/v1/users/search', body)).body.users as Json[]).map(
        (u) => u.user_identifier,
      );
    expect(await ids({})).toEqual(['bob', 'alice']);
    expect(await ids()).toEqual(['bob', 'alice']);
    expect(await ids({ registered: true })).toEqual(['alice']);
    expect(await ids({ registered: false })).toEqual(['bob']);
    expect(await ids({ user_identifier: 'bob', registered: true })).toEqual([]);
    expect(await ids({ user_identifier: 'eve' })).toEqual([]);
    expect((await c.call('POST', '/api/v1/users/search', { registered: 'yes' })).status).toBe(400);
  });
});

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
    expect(JSON.parse(sms.payload)).toEqual({
      body: `Acme: register your passkey at ${String(res.body.user_link)}`,
    });
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
    expect(await expireLinks(fidoDeps(t.ctx))).toBeGreaterThanOrEqual(1);
    expect(await expireLinks(fidoDeps(t.ctx))).toBe(0);
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

  it('uses SVC_FIDO_LINK_BASE instead of https://{domain_name}', async () => {
    const local = await testApp({ fidoLinkBase: 'http://localhost:8080/' });
    try {
      const auth = { authorization: `SVC ${local.customer.fido_api_key}` };
      await local.app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: auth,
        payload: { name: 'Acme', domain_name: 'localhost' },
      });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/authentications',
        headers: auth,
        payload: {},
      });
      expect(res.json<Json>().user_link).toMatch(
        /^http:\/\/localhost:8080\/fido\/authentications\/[0-9a-f-]{36}#[\w-]{43}$/,
      );
    } finally {
      await local.close();
    }
  });
});

describe('registration ceremony through the link', () => {
  it('completes, marks the user registered, and queues a COMPLETED callback whose jwt verifies', async () => {
    const c = await withOrganization();
    const { id, options, verified } = await register(c, new SoftAuthenticator());
    expect(options).toMatchObject({
      rp: { id: 'login.acme.test', name: 'Acme' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    expect(verified).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    const reg = await c.call('GET', `/api/v1/registrations/${id}`);
    expect(reg.body).toMatchObject({
      status: 'COMPLETED',
      user: { registered: true, user_identifier: 'alice' },
    });
    const [callback] = await callbacks('https://rp.example/cb/r4nd0m', id);
    const { jwt, ...resource } = callback ?? {};
    expect(resource).toEqual(reg.body);
    const { payload, protectedHeader } = await jwtVerify(
      String(jwt),
      createLocalJWKSet(await t.ctx.keys.jwks()),
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject(resource);
  });

  it('a used link cannot be used again (410) and its page says so', async () => {
    const c = await withOrganization();
    const { path, secret, verified } = await register(c, new SoftAuthenticator());
    expect(verified.status).toBe(200);
    expect((await page('POST', `${path}/options`, { secret })).body).toMatchObject({
      error: 'FIDO_LINK_USED',
    });
    expect((await page('POST', `${path}/verify`, { secret, response: {} })).status).toBe(410);
    const shown = await page('GET', path);
    expect(shown.status).toBe(410);
    expect(shown.text).toContain('already been used');
    expect(shown.text).not.toContain('Continue');
  });

  it('a forged secret is 404 and leaves the link usable', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'kim' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    expect((await page('POST', `${path}/options`, { secret: `${secret}x` })).body).toMatchObject({
      error: 'FIDO_LINK_INVALID',
    });
    expect((await page('POST', `${path}/verify`, { secret: 'guess', response: {} })).status).toBe(
      404,
    );
    expect((await page('POST', `${path}/options`, {})).status).toBe(400);
    expect((await page('POST', `${path}/options`, { secret })).status).toBe(200);
    expect((await page('POST', '/fido/registrations/unknown/options', { secret })).status).toBe(
      404,
    );
  });

  const failures: [
    string,
    Json,
    SoftOptions,
    (r: RegistrationResponseJSON) => RegistrationResponseJSON,
    RegExp,
    string?,
  ][] = [
    [
      'a response from another origin',
      {},
      {},
      (r) => r,
      /origin "https:\/\/evil\.test"/,
      'https://evil.test',
    ],
    [
      'a tampered response',
      {},
      {},
      (r) => ({
        ...r,
        response: {
          ...r.response,
          clientDataJSON: Buffer.from('{"type":"webauthn.create"}').toString('base64url'),
        },
      }),
      /challenge/,
    ],
    [
      'a malformed response',
      {},
      {},
      () => ({ nonsense: true }) as unknown as RegistrationResponseJSON,
      /credential ID/,
    ],
    [
      'no user verification',
      {},
      { userVerified: false },
      (r) => r,
      /User verification was required/,
    ],
    [
      'fmt none when attestation statements are verified',
      { verify_attestation_statement: true },
      { fmt: 'none' },
      (r) => r,
      /requires an attestation statement/,
    ],
    [
      'a cross-platform authenticator when platform is required',
      { require_platform_authenticator: true },
      { attachment: 'cross-platform' },
      (r) => r,
      /requires a platform authenticator/,
    ],
    [
      'no attachment when platform is required',
      { require_platform_authenticator: true },
      { attachment: null },
      (r) => r,
      /requires a platform authenticator/,
    ],
    [
      'a non-discoverable credential when a resident key is required',
      { require_resident_key: true },
      { residentKey: false },
      (r) => r,
      /discoverable credential/,
    ],
  ];
  it.each(failures)(
    '%s → 400, status ERROR and an ERROR callback',
    async (_name, flags, soft, tamper, reason, from) => {
      const c = await withOrganization(flags);
      const { id, verified } = await register(c, new SoftAuthenticator(soft), 'lee', tamper, from);
      expect(verified.status).toBe(400);
      expect(verified.body).toMatchObject({
        error: 'FIDO_CEREMONY_FAILED',
        description: expect.stringMatching(reason),
      });
      expect((await c.call('GET', `/api/v1/registrations/${id}`)).body).toMatchObject({
        status: 'ERROR',
        user: { registered: false },
      });
      const [callback] = await callbacks('https://rp.example/cb/r4nd0m', id);
      expect(callback).toMatchObject({ id, status: 'ERROR', jwt: expect.any(String) });
    },
  );

  it('a credential id the organization already knows is refused', async () => {
    const c = await withOrganization();
    const credentialId = Buffer.alloc(32, 7);
    expect(
      (await register(c, new SoftAuthenticator({ credentialId }), 'first')).verified.status,
    ).toBe(200);
    const second = await register(c, new SoftAuthenticator({ credentialId }), 'second');
    expect(second.verified.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: 'This credential is already registered.',
    });
    expect((await c.call('GET', `/api/v1/registrations/${second.id}`)).body).toMatchObject({
      status: 'ERROR',
      user: { registered: false },
    });
    expect(
      (
        (await c.call('POST', '/api/v1/users/search', { registered: true })).body.users as Json[]
      ).map((u) => u.user_identifier),
    ).toEqual(['first']);
  });

  it('a wrong RP ID fails', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'max' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    const response = new SoftAuthenticator().register(options, origin, 'evil.test');
    expect((await page('POST', `${path}/verify`, { secret, response })).status).toBe(400);
  });

  it('a response to an older challenge fails: each options call replaces the challenge', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'ned' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const first = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    await page('POST', `${path}/options`, { secret });
    expect(
      (
        await page('POST', `${path}/verify`, {
          secret,
          response: new SoftAuthenticator().register(first, origin),
        })
      ).status,
    ).toBe(400);
  });

  it('verify before options fails', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'ola' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const fake = {
      challenge: 'AAAA',
      rp: { id: 'login.acme.test', name: 'x' },
      user: { id: 'dQ', name: 'u', displayName: 'u' },
      pubKeyCredParams: [],
    };
    expect(
      (
        await page('POST', `${path}/verify`, {
          secret,
          response: new SoftAuthenticator().register(fake, origin),
        })
      ).body,
    ).toMatchObject({ error: 'FIDO_CEREMONY_FAILED' });
  });

  it('applies the organization flags to the options', async () => {
    const c = await withOrganization({
      require_platform_authenticator: true,
      require_resident_key: true,
      verify_attestation_statement: true,
    });
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'pia' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    expect((await page('POST', `${path}/options`, { secret })).body).toMatchObject({
      attestation: 'direct',
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        authenticatorAttachment: 'platform',
        userVerification: 'required',
      },
    });
  });

  it('accepts a verified packed attestation when statements are required, and redirects when asked', async () => {
    const c = await withOrganization({ verify_attestation_statement: true });
    await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/welcome' });
    const user = await c.call('POST', '/api/v1/users', { name: 'Quinn', user_identifier: 'quinn' });
    const created = await c.call('POST', `/api/v1/users/${String(user.body.id)}/registrations`, {
      redirect_url: 'https://acme.test/welcome',
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    const verified = await page('POST', `${path}/verify`, {
      secret,
      response: new SoftAuthenticator({ fmt: 'packed' }).register(options, origin),
    });
    expect(verified.body).toEqual({
      status: 'COMPLETED',
      redirect_url: 'https://acme.test/welcome',
    });
  });

  it('re-enrolling excludes the credentials the user already has', async () => {
    const c = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator, 'rae');
    const user = (
      (await c.call('POST', '/api/v1/users/search', { user_identifier: 'rae' })).body
        .users as Json[]
    )[0];
    const created = await c.call('POST', `/api/v1/users/${String(user?.id)}/registrations`, {});
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret })).body;
    expect(options.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
  });
});

describe('authentication ceremony through the link', () => {
  it("with user_identifier: offers that user's credentials, completes, names the user, queues the callback", async () => {
    const c = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator, 'sam');
    const { id, options, verified } = await authenticate(c, authenticator, {
      user_identifier: 'sam',
    });
    expect((options.allowCredentials as unknown[]).length).toBe(1);
    expect(options).toMatchObject({ rpId: 'login.acme.test', userVerification: 'required' });
    expect(verified.body).toEqual({ status: 'COMPLETED' });
    const got = await c.call('GET', `/api/v1/authentications/${id}`);
    expect(got.body).toMatchObject({
      status: 'COMPLETED',
      user_identifier: 'sam',
      user: { user_identifier: 'sam', registered: true },
    });
    const [callback] = await callbacks('https://rp.example/cb/4uth', id);
    const { jwt, ...resource } = callback ?? {};
    expect(resource).toEqual(got.body);
    expect(
      (await jwtVerify(String(jwt), createLocalJWKSet(await t.ctx.keys.jwks()))).payload,
    ).toMatchObject({ status: 'COMPLETED' });
  });

  it('without user_identifier: empty allowCredentials, the passkey finds its user', async () => {
    const c = await withOrganization({ require_resident_key: true });
    const authenticator = new SoftAuthenticator();
    await register(c, new SoftAuthenticator(), 'other');
    await register(c, authenticator, 'tess');
    const { id, options, verified } = await authenticate(c, authenticator);
    expect(options.allowCredentials).toEqual([]);
    expect(verified.status).toBe(200);
    const got = await c.call('GET', `/api/v1/authentications/${id}`);
    expect(got.body).toMatchObject({ status: 'COMPLETED', user: { user_identifier: 'tess' } });
    expect(got.body).not.toHaveProperty('user_identifier');
  });

  it('rejects a credential of another organization, another origin, and a replayed counter', async () => {
    const c = await withOrganization();
    const other = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(other, authenticator, 'uma');
    const foreign = await authenticate(c, authenticator);
    expect(foreign.verified.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: 'This credential is not registered.',
    });
    expect((await c.call('GET', `/api/v1/authentications/${foreign.id}`)).body.status).toBe(
      'ERROR',
    );

    const wrongOrigin = await authenticate(
      other,
      authenticator,
      {},
      'https://login.acme.test.evil.test',
    );
    expect(wrongOrigin.verified.status).toBe(400);
    expect((await other.call('GET', `/api/v1/authentications/${wrongOrigin.id}`)).body.status).toBe(
      'ERROR',
    );

    const ok = await authenticate(other, authenticator);
    expect(ok.verified.status).toBe(200);
    const credential = authenticator.credentials[0];
    if (credential) credential.counter -= 2; // a cloned authenticator lags behind
    const cloned = await authenticate(other, authenticator);
    expect(cloned.verified.status).toBe(400);
    expect(cloned.verified.body.description).toMatch(/counter/i);
  });

  it("with user_identifier: another user's credential is refused", async () => {
    const c = await withOrganization();
    const victor = new SoftAuthenticator();
    await register(c, victor, 'victor');
    await register(c, new SoftAuthenticator(), 'wendy');
    const created = await c.call('POST', '/api/v1/authentications', { user_identifier: 'wendy' });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialRequestOptionsJSON;
    const response = victor.authenticate({ ...options, allowCredentials: [] }, origin);
    expect((await page('POST', `${path}/verify`, { secret, response })).body).toMatchObject({
      description: 'This credential belongs to another user.',
    });
  });

  it('an expired authentication link cannot be used', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/authentications', {});
    const { path, secret } = parseLink(created.body.user_link);
    t.clock.advance(10 * 60 * 1000);
    expect((await page('POST', `${path}/options`, { secret })).status).toBe(410);
    const shown = await page('GET', path);
    expect(shown.text).toContain('expired');
  });
});

describe('pages', () => {
  it('serves the page with one Continue button, strict headers, and the bundled script', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/authentications', {});
    const shown = await page('GET', parseLink(created.body.user_link).path);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.text.match(/<button/g)).toHaveLength(1);
    expect(shown.text).toContain('>Continue</button>');
    expect(shown.text).toContain('Sign in to Acme');
    const script = await page('GET', '/fido/assets/ceremony.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('navigator.credentials');
  });

  it('an unknown link shows a clear 404 page; names are escaped', async () => {
    const shown = await page('GET', '/fido/registrations/does-not-exist');
    expect(shown.status).toBe(404);
    expect(shown.text).toContain('This link is not valid.');
    const c = await client();
    await c.call('POST', '/api/v1/organizations', {
      name: '<script>x</script>',
      domain_name: 'acme.test',
    });
    const created = await c.call('POST', '/api/v1/authentications', {});
    const escaped = await page('GET', parseLink(created.body.user_link).path);
    expect(escaped.text).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(escaped.text).not.toContain('<script>x');
  });

  it('the FIDO OpenAPI document lists the API', async () => {
    const doc = (await page('GET', '/docs/fido/openapi.json')).body as { info: Json; paths: Json };
    expect(doc.info.version).toBe('1.5.1');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/organizations',
        '/api/v1/organizations/{id}',
        '/api/v1/redirect_uris',
        '/api/v1/users',
        '/api/v1/users/search',
        '/api/v1/registrations',
        '/api/v1/users/{user_id}/registrations',
        '/api/v1/authentications',
        '/api/v1/authentications/{id}',
      ]),
    );
  });
});
