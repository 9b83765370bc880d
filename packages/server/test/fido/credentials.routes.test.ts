import { FidoClient, NotFoundError } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, parseLink, type Json } from '../fido.kit.js';
import { injectFetch, testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ fidoCredentialLimit: 2 });
});
afterAll(async () => t.close());
const { withOrganization, page, register, authenticate } = fidoCalls(() => t);
const icloud = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

type Org = Awaited<ReturnType<typeof withOrganization>>;

/** Any method, with the organization's API key. */
async function call(c: Org, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: Json) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `SVC ${c.apiKey}` },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.body ? res.json<Json>() : {} };
}

async function userId(c: Org, identifier = 'alice'): Promise<string> {
  const found = await c.call('POST', '/api/v1/users/search', { user_identifier: identifier });
  return String((found.body.users as Json[])[0]?.id);
}

const list = async (c: Org, user: string) =>
  (await call(c, 'GET', `/api/v1/users/${user}/credentials`)).body.credentials as Json[];

describe('passkey management', () => {
  it('lists passkeys with their authenticator, backup state and use; renames them', async () => {
    const c = await withOrganization();
    const soft = new SoftAuthenticator({ aaguid: icloud, backedUp: true });
    expect((await register(c, soft)).verified.status).toBe(200);
    const user = await userId(c);
    const [passkey] = await list(c, user);
    expect(passkey).toEqual({
      id: expect.any(String),
      credential_id: soft.credentials[0]?.id.toString('base64url'),
      name: 'iCloud Keychain',
      authenticator_name: 'iCloud Keychain',
      aaguid: icloud,
      backed_up: true,
      transports: expect.any(Array),
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect((await authenticate(c, soft, { user_identifier: 'alice' })).verified.status).toBe(200);
    expect((await list(c, user))[0]?.last_used_at).toEqual(expect.any(String));

    const path = `/api/v1/users/${user}/credentials/${String(passkey?.id)}`;
    const renamed = await call(c, 'PATCH', path, { name: '  Work laptop ' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Work laptop' } });
    for (const name of ['', '   ', 'x'.repeat(65)])
      expect(await call(c, 'PATCH', path, { name })).toMatchObject({
        status: 400,
        body: { error: 'MISSING_FIELDS' },
      });
    expect((await list(c, user))[0]?.name).toBe('Work laptop');
  });

  it('a passkey name is one line of printable text, refused as organization names are', async () => {
    const c = await withOrganization();
    await register(c, new SoftAuthenticator({ aaguid: icloud }));
    const user = await userId(c);
    const path = `/api/v1/users/${user}/credentials/${String((await list(c, user))[0]?.id)}`;
    for (const name of [
      'Work\nURGENT: call +1 900 555 0100',
      'Work\u0007',
      'Work\tlaptop',
      'Work\u0085laptop',
      'Work\u2028laptop',
      'Work\u2029laptop',
      'Acme\u202eexe.gpj',
      'Acme\u2066laptop',
    ]) {
      const refused = await call(c, 'PATCH', path, { name });
      expect(refused, JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { error: 'MISSING_FIELDS', field_errors: { name: [expect.any(String)] } },
      });
      expect(Object.keys(refused.body.field_errors as Json)).toEqual(['name']);
    }
    expect((await list(c, user))[0]?.name).toBe('iCloud Keychain');
    // Right-to-left text is a name like any other.
    const arabic = '\u062d\u0627\u0633\u0648\u0628 \u0627\u0644\u0639\u0645\u0644';
    expect(await call(c, 'PATCH', path, { name: arabic })).toMatchObject({
      status: 200,
      body: { name: arabic },
    });
  });

  it('an unknown authenticator shows "Passkey" and no model', async () => {
    const c = await withOrganization();
    await register(c, new SoftAuthenticator());
    expect((await list(c, await userId(c)))[0]).toMatchObject({
      name: 'Passkey',
      authenticator_name: null,
      aaguid: null,
      backed_up: false,
    });
  });

  it("another customer's users and passkeys answer 404 and stay as they are", async () => {
    const c = await withOrganization();
    await register(c, new SoftAuthenticator());
    const user = await userId(c);
    const [passkey] = await list(c, user);
    const other = await withOrganization();
    await register(other, new SoftAuthenticator(), 'bob');
    const path = `/api/v1/users/${user}/credentials/${String(passkey?.id)}`;
    expect((await call(other, 'GET', `/api/v1/users/${user}/credentials`)).status).toBe(404);
    expect((await call(other, 'PATCH', path, { name: 'mine' })).status).toBe(404);
    expect((await call(other, 'DELETE', path)).status).toBe(404);
    // Their own user, with this customer's credential id.
    const bob = await userId(other, 'bob');
    const crossed = `/api/v1/users/${bob}/credentials/${String(passkey?.id)}`;
    expect(await call(other, 'DELETE', crossed)).toMatchObject({
      status: 404,
      body: { error: 'CREDENTIAL_NOT_FOUND' },
    });
    expect(await list(c, user)).toEqual([passkey]);
  });

  it('removing the last passkey unregisters the user; login links for it are refused', async () => {
    const c = await withOrganization();
    await register(c, new SoftAuthenticator());
    const user = await userId(c);
    const [passkey] = await list(c, user);
    const path = `/api/v1/users/${user}/credentials/${String(passkey?.id)}`;
    expect((await call(c, 'DELETE', path)).status).toBe(204);
    expect(await list(c, user)).toEqual([]);
    expect((await call(c, 'DELETE', path)).status).toBe(404);
    const found = await c.call('POST', '/api/v1/users/search', { user_identifier: 'alice' });
    expect((found.body.users as Json[])[0]?.registered).toBe(false);
    const login = await c.call('POST', '/api/v1/authentications', { user_identifier: 'alice' });
    expect(login.body.error).toBe('FIDO_USER_NOT_REGISTERED');
  });

  it('caps passkeys per user, excludes existing ones from new registrations', async () => {
    const c = await withOrganization();
    const first = new SoftAuthenticator();
    await register(c, first);
    const user = await userId(c);
    // Two links issued while there is room for one more.
    const links = [];
    for (let i = 0; i < 2; i++) {
      const created = await c.call('POST', `/api/v1/users/${user}/registrations`, {});
      expect(created.status).toBe(201);
      links.push(parseLink(created.body.user_link));
    }
    const ceremony = async (link: { path: string; secret: string }) => {
      const options = await page('POST', `${link.path}/options`, { secret: link.secret });
      const response = new SoftAuthenticator().register(options.body as never, origin);
      return {
        options,
        verified: await page('POST', `${link.path}/verify`, { ...link, response }),
      };
    };
    const second = await ceremony(links[0] ?? { path: '', secret: '' });
    expect(second.options.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: first.credentials[0]?.id.toString('base64url') }),
    ]);
    expect(second.verified.body).toMatchObject({ status: 'COMPLETED' });
    const third = await ceremony(links[1] ?? { path: '', secret: '' });
    expect(third.verified.status).toBe(400);
    expect(await list(c, user)).toHaveLength(2);
    expect(await c.call('POST', `/api/v1/users/${user}/registrations`, {})).toMatchObject({
      status: 409,
      body: { error: 'FIDO_CREDENTIAL_LIMIT' },
    });
    expect(
      (await c.call('POST', '/api/v1/registrations', { user: { user_identifier: 'alice' } }))
        .status,
    ).toBe(409);
  });

  it('the SDK lists, renames and removes passkeys', async () => {
    const c = await withOrganization();
    await register(c, new SoftAuthenticator({ aaguid: icloud }));
    const fido = new FidoClient({
      baseUrl: 'http://svc',
      apiKey: c.apiKey,
      fetch: injectFetch(t.app),
    });
    const user = await userId(c);
    const [passkey] = await fido.listCredentials(user);
    expect(passkey?.authenticator_name).toBe('iCloud Keychain');
    expect((await fido.renameCredential(user, passkey?.id ?? '', 'Phone')).name).toBe('Phone');
    await fido.deleteCredential(user, passkey?.id ?? '');
    expect(await fido.listCredentials(user)).toEqual([]);
    await expect(fido.deleteCredential(user, passkey?.id ?? '')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

// Races of the passkey changes: on PostgreSQL (READ COMMITTED) the requests' transactions overlap;
// SQLite runs one at a time. Each is tried in several rounds, as one round may not interleave.
describe('concurrent passkey changes', () => {
  const rounds = 15;

  /** A registration link of the user, opened up to the response its verify call posts. */
  async function prepared(c: Org, user: string) {
    const created = await c.call('POST', `/api/v1/users/${user}/registrations`, {});
    expect(created.status).toBe(201);
    const link = parseLink(created.body.user_link);
    const options = await page('POST', `${link.path}/options`, { secret: link.secret });
    const response = new SoftAuthenticator().register(options.body as never, origin);
    return () => page('POST', `${link.path}/verify`, { ...link, response });
  }

  const registered = async (c: Org, identifier: string) =>
    (
      (await c.call('POST', '/api/v1/users/search', { user_identifier: identifier })).body
        .users as Json[]
    )[0]?.registered;

  it('removing the last two passkeys at once unregisters the user', async () => {
    const c = await withOrganization();
    for (let round = 0; round < rounds; round++) {
      const identifier = `both-${round}`;
      await register(c, new SoftAuthenticator(), identifier);
      await register(c, new SoftAuthenticator(), identifier);
      const user = await userId(c, identifier);
      const paths = (await list(c, user)).map(
        (p) => `/api/v1/users/${user}/credentials/${String(p.id)}`,
      );
      expect(paths).toHaveLength(2);
      const deleted = await Promise.all(paths.map((path) => call(c, 'DELETE', path)));
      expect(deleted.map((d) => d.status)).toEqual([204, 204]);
      expect(await list(c, user)).toEqual([]);
      expect(await registered(c, identifier)).toBe(false);
    }
  });

  it('registrations at once never exceed SVC_FIDO_CREDENTIAL_LIMIT', async () => {
    const c = await withOrganization();
    for (let round = 0; round < rounds; round++) {
      const identifier = `cap-${round}`;
      await register(c, new SoftAuthenticator(), identifier);
      const user = await userId(c, identifier);
      // Two links issued while there is room for one more passkey, verified at once.
      const verifies = [await prepared(c, user), await prepared(c, user)];
      const verified = await Promise.all(verifies.map((verify) => verify()));
      expect(verified.map((v) => v.status).sort()).toEqual([200, 400]);
      expect(await list(c, user)).toHaveLength(2);
    }
  });
});
