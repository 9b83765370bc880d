import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, type Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { client, withOrganization, register } = fidoCalls(() => t);

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
    // A name opens every SMS text of a link: one line, or it could pose as another message.
    [{ name: 'Acme\nURGENT: call +1 900 555 0100', domain_name: 'acme.test' }, ['name']],
    [{ name: 'Acme\u0007', domain_name: 'acme.test' }, ['name']],
    [{ name: 'Acme\u2028Evil', domain_name: 'acme.test' }, ['name']],
    [{ name: 'Acme\u0085Evil', domain_name: 'acme.test' }, ['name']],
    // A bidi override reorders what follows it: "Acme\u202Eexe.gpj" shows as "Acmejpg.exe".
    [{ name: 'Acme\u202eexe.gpj', domain_name: 'acme.test' }, ['name']],
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
