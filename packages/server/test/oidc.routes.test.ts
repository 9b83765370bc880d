import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidoCalls, origin, type Json } from './fido.kit.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { client, withOrganization } = fidoCalls(() => t);

const redirectUri = 'https://www.acme.test/callback';
// The test organizations' issuer is https: svc behind a TLS-terminating proxy.
const behindTls = { 'x-forwarded-proto': 'https' };

/** A FIDO customer with its organization and one redirect URI. */
async function organization() {
  const c = await withOrganization();
  const org = c.org;
  expect((await c.call('POST', '/api/v1/redirect_uris', { uri: redirectUri })).status).toBe(201);
  return { ...c, id: String(org.id), clientId: String(org.oidc_client_id) };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A token request with made-up code: client authentication decides 401 vs 400. */
async function tokenCall(orgId: string, authorization?: string, clientId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/oidc/${orgId}/token`,
    headers: {
      ...behindTls,
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'nope',
      redirect_uri: redirectUri,
      code_verifier: 'v'.repeat(43),
      ...(clientId ? { client_id: clientId } : {}),
    }).toString(),
  });
  return { status: res.statusCode, body: res.json<Json>() };
}

/** A browser's cookies, whatever their path (names do not repeat here). */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(setCookie: string | string[] | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** Starts an authorization request as a browser would; answers the interaction's path. */
async function authorize(orgId: string, clientId: string, extra: Record<string, string> = {}) {
  const cookies = jar();
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile',
    state: 'st',
    nonce: 'nn',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/oidc/${orgId}/auth?${query}`,
    headers: behindTls,
  });
  cookies.take(res.headers['set-cookie']);
  const go = async (method: 'GET' | 'POST', url: string) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: {
        ...behindTls,
        cookie: cookies.header(),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
    cookies.take(answer.headers['set-cookie']);
    return answer;
  };
  return { status: res.statusCode, location: String(res.headers.location), go };
}

describe('the client secret (FIDO API)', () => {
  it('is answered once per call, replaces the last one, and is stored sealed', async () => {
    const c = await organization();
    const first = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ client_id: c.clientId, client_secret: expect.any(String) });
    const secret = String(first.body.client_secret);
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(32);
    const row = await t.store.db
      .selectFrom('fido_organizations')
      .select('oidc_client_secret_sealed')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret_sealed).not.toContain(secret);
    expect(t.box.open(row.oidc_client_secret_sealed ?? '')).toBe(secret);

    // The token endpoint knows the client as confidential now.
    expect(await tokenCall(c.id)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await tokenCall(c.id, basic(c.clientId, 'wrong'))).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await tokenCall(c.id, basic(c.clientId, secret))).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const second = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(second.body.client_secret).not.toBe(secret);
    expect((await tokenCall(c.id, basic(c.clientId, secret))).status).toBe(401);
    expect(
      (await tokenCall(c.id, basic(c.clientId, String(second.body.client_secret)))).status,
    ).toBe(400);
  });

  it("another customer's organization, an unknown id or bad credentials change nothing", async () => {
    const c = await organization();
    const other = await client();
    const before = await t.store.db.selectFrom('fido_organizations').selectAll().execute();
    const refused = await other.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(refused).toMatchObject({ status: 404, body: { error: 'ORGANIZATION_NOT_FOUND' } });
    expect((await c.call('POST', '/api/v1/organizations/nope/client_secret')).status).toBe(404);
    const unsigned = await c.call(
      'POST',
      `/api/v1/organizations/${c.id}/client_secret`,
      undefined,
      null,
    );
    expect(unsigned.status).toBe(403);
    expect(await t.store.db.selectFrom('fido_organizations').selectAll().execute()).toEqual(before);
    // Still a public client: PKCE alone.
    expect((await tokenCall(c.id, undefined, c.clientId)).body).toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('the provider of an organization', () => {
  it("lives under its pages' base; an unknown organization is 404", async () => {
    const c = await organization();
    const res = await t.app.inject({
      url: `/oidc/${c.id}/.well-known/openid-configuration`,
      headers: behindTls,
    });
    expect(res.statusCode).toBe(200);
    const metadata = res.json<Json>();
    expect(metadata).toMatchObject({
      issuer: `${origin}/oidc/${c.id}`,
      jwks_uri: expect.stringMatching(new RegExp(`/oidc/${c.id}/jwks$`)),
      end_session_endpoint: expect.any(String),
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    const jwks = await t.app.inject({ url: `/oidc/${c.id}/jwks`, headers: behindTls });
    const own = await t.app.inject({ url: '/jwks' });
    expect(jwks.json<{ keys: Json[] }>().keys.map((k) => k.kid)).toEqual(
      own.json<{ keys: Json[] }>().keys.map((k) => k.kid),
    );
    expect(JSON.stringify(jwks.json())).not.toMatch(/"d":/);
    const unknown = await t.app.inject({ url: '/oidc/nope/.well-known/openid-configuration' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'ORGANIZATION_NOT_FOUND' });
  });

  it('sends the browser to the sign-in page; the page calls need its cookie and a finished ceremony', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    expect(flow.status).toBe(303);
    expect(flow.location).toMatch(new RegExp(`^/oidc/${c.id}/interaction/[\\w-]+$`));
    const page = await flow.go('GET', flow.location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with a passkey');
    expect(page.headers['content-security-policy']).toContain("form-action 'none'");

    const early = await flow.go('POST', `${flow.location}/passkey/finish`);
    expect(early.json()).toMatchObject({ error: 'OIDC_SIGN_IN_INCOMPLETE' });
    const started = await flow.go('POST', `${flow.location}/passkey`);
    expect(started.json()).toEqual({
      id: expect.any(String),
      secret: expect.any(String),
      path: expect.stringMatching(/^\/fido\/authentications\//),
    });
    expect((await flow.go('POST', `${flow.location}/passkey/finish`)).statusCode).toBe(409);

    // Without the interaction's cookie nothing starts.
    const links = await t.store.db.selectFrom('fido_authentications').selectAll().execute();
    const stranger = await t.app.inject({
      method: 'POST',
      url: `${flow.location}/passkey`,
      headers: { ...behindTls, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(stranger.json()).toMatchObject({ error: 'OIDC_INTERACTION_NOT_FOUND' });
    expect(await t.store.db.selectFrom('fido_authentications').selectAll().execute()).toEqual(
      links,
    );
    const stale = await t.app.inject({ url: `/oidc/${c.id}/interaction/nope`, headers: behindTls });
    expect(stale.statusCode).toBe(404);
    expect(stale.body).toContain('Sign-in expired');
  });

  it('the phone: a svccode of the customer as a QR code, then waiting for the scan', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    const early = await flow.go('POST', `${flow.location}/phone/poll`);
    expect(early.json()).toMatchObject({ error: 'OIDC_SIGN_IN_INCOMPLETE' });
    const shown = (await flow.go('POST', `${flow.location}/phone`)).json<Json>();
    expect(shown).toEqual({
      payload: expect.any(String),
      qr: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const customer = await t.store.db
      .selectFrom('fido_organizations')
      .select('customer_id')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    const codes = await t.store.db
      .selectFrom('svccodes')
      .select('id')
      .where('customer_id', '=', customer.customer_id)
      .execute();
    expect(codes).toHaveLength(1);
    expect((await flow.go('POST', `${flow.location}/phone/poll`)).json()).toEqual({
      state: 'waiting',
    });
  });

  it('a level a passkey cannot prove is refused back at the client, never downgraded', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId, { acr_values: 'EX' });
    const answer = await flow.go('POST', `${flow.location}/passkey`);
    const next = answer.json<{ redirect_to: string }>().redirect_to;
    const resumed = await flow.go('GET', new URL(next).pathname);
    const back = new URL(String(resumed.headers.location));
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(back.searchParams.get('state')).toBe('st');
  });
});
