import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, type Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';
import { behindTls, oidcCalls, redirectUri } from './oidc.kit.js';

/** The OpenID client's settings, and the nonce, PKCE and CORS policy they and its kind decide. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { organization, authorize, signIn } = oidcCalls(() => t);
const { register } = fidoCalls(() => t);

const settings = (c: Awaited<ReturnType<typeof organization>>) =>
  `/api/v1/organizations/${c.id}/oidc_client`;
/** Where an authorization request goes: the sign-in page, or an error back at the client. */
const outcome = (flow: { status: number; location: string }) => {
  expect(flow.status).toBe(303);
  if (flow.location.includes('/interaction/')) return 'sign-in';
  const back = new URL(flow.location);
  expect(back.origin + back.pathname).toBe(redirectUri);
  return `${back.searchParams.get('error')}: ${back.searchParams.get('error_description')}`;
};
const noPkce = { code_challenge: '', code_challenge_method: '' };
const pkceRefused =
  'invalid_request: Authorization Server policy requires PKCE to be used for this request';

describe('the client settings (FIDO API)', () => {
  it('read the defaults, change what the body names, and are the caller’s own', async () => {
    const c = await organization();
    const read = await c.call('GET', settings(c));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      client_id: c.clientId,
      require_pkce: false,
      id_token_signed_response_alg: 'ES256',
      backchannel_token_delivery_mode: null,
      backchannel_client_notification_endpoint: null,
    });
    const changed = await c.call('PATCH', settings(c), { require_pkce: true });
    expect(changed.body).toEqual({ ...read.body, require_pkce: true });
    const alg = await c.call('PATCH', settings(c), { id_token_signed_response_alg: 'RS256' });
    expect(alg.body).toEqual({ ...changed.body, id_token_signed_response_alg: 'RS256' });
    expect((await c.call('GET', settings(c))).body).toEqual(alg.body);

    for (const body of [{ require_pkce: 'yes' }, { id_token_signed_response_alg: 'HS256' }]) {
      const bad = await c.call('PATCH', settings(c), body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ error: 'MISSING_FIELDS' });
    }
    const other = await organization();
    for (const method of ['GET', 'PATCH'] as const) {
      const foreign = await other.call(method, settings(c), method === 'PATCH' ? {} : undefined);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ error: 'ORGANIZATION_NOT_FOUND' });
    }
    const unauthenticated = await t.app.inject({ url: settings(c) });
    expect(unauthenticated.statusCode).toBe(403);
  });
});

describe('nonce and PKCE', () => {
  it('a public client needs PKCE, not a nonce', async () => {
    const c = await organization();
    expect(outcome(await authorize(c.id, c.clientId, { nonce: '' }))).toBe('sign-in');
    expect(outcome(await authorize(c.id, c.clientId, noPkce))).toBe(pkceRefused);
  });

  it('a confidential client needs PKCE or a nonce, PKCE alone once its setting says so', async () => {
    const c = await organization();
    expect((await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`)).status).toBe(201);
    expect(outcome(await authorize(c.id, c.clientId, noPkce))).toBe('sign-in');
    expect(outcome(await authorize(c.id, c.clientId, { nonce: '' }))).toBe('sign-in');
    expect(outcome(await authorize(c.id, c.clientId, { ...noPkce, nonce: '' }))).toBe(pkceRefused);
    await c.call('PATCH', settings(c), { require_pkce: true });
    expect(outcome(await authorize(c.id, c.clientId, noPkce))).toBe(pkceRefused);
    expect(outcome(await authorize(c.id, c.clientId, { nonce: '' }))).toBe('sign-in');
  });
});

describe('a client whose ID tokens are RS256', () => {
  it('gets them signed with the RS256 key of jwks_uri', async () => {
    const c = await organization();
    await c.call('PATCH', settings(c), { id_token_signed_response_alg: 'RS256' });
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator);
    const { code, verifier } = await signIn(c.id, c.clientId, authenticator);
    const res = await t.app.inject({
      method: 'POST',
      url: `/oidc/${c.id}/token`,
      headers: { ...behindTls, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: c.clientId,
      }).toString(),
    });
    const header = decodeProtectedHeader(res.json<{ id_token: string }>().id_token);
    expect(header.alg).toBe('RS256');
    const jwks = await t.app.inject({ url: `/oidc/${c.id}/jwks`, headers: behindTls });
    const key = jwks.json<{ keys: Json[] }>().keys.find((k) => k.kid === header.kid);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });
});

describe('CORS', () => {
  const preflight = (orgId: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: `/oidc/${orgId}/token`,
      headers: { ...behindTls, origin, 'access-control-request-method': 'POST' },
    });

  it("allows the token endpoint to the origins of the client's redirect URIs only", async () => {
    const c = await organization();
    const own = new URL(redirectUri).origin;
    const allowed = await preflight(c.id, own);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(own);
    const res = await t.app.inject({
      method: 'POST',
      url: `/oidc/${c.id}/token`,
      headers: { ...behindTls, origin: own, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'nope',
        redirect_uri: redirectUri,
        code_verifier: 'v'.repeat(43),
        client_id: c.clientId,
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    expect(res.headers['access-control-allow-origin']).toBe(own);

    const stranger = await t.app.inject({
      method: 'POST',
      url: `/oidc/${c.id}/token`,
      headers: {
        ...behindTls,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `grant_type=authorization_code&code=nope&client_id=${c.clientId}`,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: 'invalid_request' });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
