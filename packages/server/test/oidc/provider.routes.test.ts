import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, type Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';
import { basic, behindTls, oidcCalls, redirectUri } from './oidc.kit.js';

/** What the provider promises in discovery and at its endpoints, beyond the sign-in itself. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { organization, authorize, signIn } = oidcCalls(() => t);
const { register } = fidoCalls(() => t);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...behindTls, ...headers } });

/** Exchanges a code of a public client; answers the ID token's claims and header. */
async function exchange(orgId: string, clientId: string, code: string, verifier: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/oidc/${orgId}/token`,
    headers: { ...behindTls, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  const idToken = res.json<{ id_token: string }>().id_token;
  return { claims: decodeJwt(idToken), header: decodeProtectedHeader(idToken) };
}

describe('discovery', () => {
  it('advertises RS256 beside ES256 and only the client authentications svc accepts', async () => {
    const c = await organization();
    const metadata = (await get(`/oidc/${c.id}/.well-known/openid-configuration`)).json<Json>();
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual([
      'none',
      'client_secret_basic',
      'client_secret_post',
    ]);
    const jwks = (await get(`/oidc/${c.id}/jwks`)).json<{ keys: Json[] }>().keys;
    expect(jwks.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(jwks.find((k) => k.alg === 'RS256')).toMatchObject({ kty: 'RSA', use: 'sig' });
    // svc's own /jwks publishes the same keys.
    const own = (await t.app.inject({ url: '/jwks' })).json<{ keys: Json[] }>().keys;
    expect(own.map((k) => k.kid).sort()).toEqual(jwks.map((k) => k.kid).sort());
  });

  it('is also at the RFC 8414 path; an unknown organization there is 404', async () => {
    const c = await organization();
    const oidc = (await get(`/oidc/${c.id}/.well-known/openid-configuration`)).json<Json>();
    const res = await get(`/.well-known/oauth-authorization-server/oidc/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(oidc);
    for (const path of ['oidc/nope', 'elsewhere', `oidc/${c.id}/more`]) {
      const unknown = await get(`/.well-known/oauth-authorization-server/${path}`);
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'ORGANIZATION_NOT_FOUND' });
    }
  });
});

describe('the endpoints', () => {
  it("take a confidential client's secret as Basic or in the form, nothing else", async () => {
    const c = await organization();
    const issued = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    const secret = String(issued.body.client_secret);
    const form = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/oidc/${c.id}/token`,
        headers: { ...behindTls, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'nope',
          redirect_uri: redirectUri,
          ...extra,
        }).toString(),
      });
    // Authenticated: the made-up code is what fails.
    const posted = await form({ client_id: c.clientId, client_secret: secret });
    expect(posted.json()).toMatchObject({ error: 'invalid_grant' });
    const basicAuth = await form({}, { authorization: basic(c.clientId, secret) });
    expect(basicAuth.json()).toMatchObject({ error: 'invalid_grant' });
    for (const wrong of [
      { client_id: c.clientId, client_secret: 'wrong' },
      { client_id: c.clientId },
      {
        client_id: c.clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: 'e30.e30.x',
      },
    ] as Record<string, string>[]) {
      const refused = await form(wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBeGreaterThanOrEqual(400);
      expect(refused.json<Json>().error).not.toBe('invalid_grant');
    }
  });

  it('userinfo without a token is 401 with WWW-Authenticate', async () => {
    const c = await organization();
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `/oidc/${c.id}/me`, headers: behindTls });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe(`Bearer realm="${origin}/oidc/${c.id}"`);
      expect(res.json()).toEqual({
        error: 'invalid_token',
        error_description: 'no access token provided',
      });
    }
    const bad = await get(`/oidc/${c.id}/me`, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('takes only the redirect URI exactly as registered', async () => {
    const c = await organization();
    for (const other of [
      'https://WWW.ACME.TEST/callback',
      'HTTPS://www.acme.test/callback',
      'https://www.acme.test/x/../callback',
      'https://www.acme.test:443/callback',
      'https://www.acme.test:0443/callback',
      'https://www.acme.test/callback#',
      'https://www.acme.test/%63allback',
    ]) {
      const flow = await authorize(c.id, c.clientId, { redirect_uri: other });
      expect(flow.status, other).toBe(400);
      expect(flow.location, other).toBe('undefined');
    }
    expect((await authorize(c.id, c.clientId)).status).toBe(303);
  });
});

describe('what a passkey sign-in tells the client', () => {
  it('amr says hwk for a device-bound passkey and swk for a synced one; /metrics counts it', async () => {
    for (const [backedUp, key] of [
      [false, 'hwk'],
      [true, 'swk'],
    ] as const) {
      const c = await organization();
      const authenticator = new SoftAuthenticator({ backedUp });
      await register(c, authenticator);
      const { code, verifier } = await signIn(c.id, c.clientId, authenticator);
      const { claims, header } = await exchange(c.id, c.clientId, code, verifier);
      expect(header.alg).toBe('ES256');
      expect(claims).toMatchObject({ acr: 'ES', amr: [key, 'user', 'mfa'] });
      // The profile claims are in the ID token (libraries read the user from it alone).
      expect(claims).toMatchObject({ name: 'Alice', preferred_username: 'alice' });
    }
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/svc_oidc_sign_ins_total\{method="passkey",outcome="login"\} [2-9]/);
  });

  it('a refused sign-in is counted by its error', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId, { acr_values: 'EX' });
    const started = await flow.go('POST', `${flow.location}/passkey`);
    expect(started.json()).toEqual({ redirect_to: expect.any(String) });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /svc_oidc_sign_ins_total\{method="passkey",outcome="unmet_authentication_requirements"\} 1/,
    );
  });
});

describe('the sign-in page', () => {
  it('hides what is hidden, offers the code as text, and no passkey when EX is asked for', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    const page = (await flow.go('GET', flow.location)).body;
    expect(page).toContain('[hidden] { display: none !important; }');
    expect(page).toMatch(/<img id="qr" alt="Sign-in code to scan" hidden>/);
    expect(page).toMatch(/<pre id="code" hidden><\/pre>/);
    expect(page).toContain('svc device pair CODE');
    expect(page).toContain('Sign in with a passkey');

    const strong = await authorize(c.id, c.clientId, { acr_values: 'EX' });
    const strongPage = (await strong.go('GET', strong.location)).body;
    expect(strongPage).not.toContain('id="passkey"');
    expect(strongPage).toContain('Sign in with your phone');
    expect(strongPage).toContain('assurance level EX');
  });
});
