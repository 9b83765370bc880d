import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { FidoForOidc, OidcOrganization } from '../../src/areas/oidc/deps.js';
import type { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, type Json } from '../fido.kit.js';
import type { TestApp } from '../helpers.js';

export const redirectUri = 'https://www.acme.test/callback';
// The test organizations' issuer is https: svc behind a TLS-terminating proxy.
export const behindTls = { 'x-forwarded-proto': 'https' };

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The organization of the OpenID Provider's unit tests, which run without an app. */
export const unitOrganization: OidcOrganization = {
  organizationId: 'org-1',
  customerId: 'cust-1',
  name: 'Acme',
  base: 'https://login.acme.test',
  clientId: 'client-1',
  clientSecret: null,
  redirectUris: ['https://acme.test/callback'],
};

/** The FIDO area as those unit tests hand it to the provider: it knows `unitOrganization` only. */
export const unitFido: Pick<FidoForOidc, 'organization'> = {
  organization: async (id) =>
    id === unitOrganization.organizationId ? unitOrganization : undefined,
};

/** A browser's cookies, whatever their path (names do not repeat here). */
export function jar() {
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

/**
 * The calls the OpenID Provider's route tests make, against the test app of their file
 * (`current()`, made in its beforeAll).
 */
export function oidcCalls(current: () => TestApp) {
  const { client, withOrganization } = fidoCalls(current);
  /** A FIDO customer (a fresh one, or the one `apiKey` names) with its organization and one redirect URI. */
  async function organization(apiKey?: string) {
    const c = await withOrganization({}, apiKey);
    const org = c.org;
    expect((await c.call('POST', '/api/v1/redirect_uris', { uri: redirectUri })).status).toBe(201);
    return { ...c, id: String(org.id), clientId: String(org.oidc_client_id) };
  }

  /** A token request with made-up code: client authentication decides 401 vs 400. */
  async function tokenCall(orgId: string, authorization?: string, clientId?: string) {
    const res = await current().app.inject({
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

  /**
   * Starts an authorization request as a browser would (PKCE, state and nonce unless `extra`
   * empties them); answers the interaction's path.
   */
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
    // An empty value in `extra` leaves the parameter out.
    for (const [key, value] of Object.entries(extra)) if (value === '') query.delete(key);
    const res = await current().app.inject({
      method: 'GET',
      url: `/oidc/${orgId}/auth?${query}`,
      headers: behindTls,
    });
    cookies.take(res.headers['set-cookie']);
    const go = async (method: 'GET' | 'POST', url: string, body: object = {}) => {
      const answer = await current().app.inject({
        method,
        url,
        headers: {
          ...behindTls,
          cookie: cookies.header(),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { payload: JSON.stringify(body) } : {}),
      });
      cookies.take(answer.headers['set-cookie']);
      return answer;
    };
    return {
      status: res.statusCode,
      location: String(res.headers.location),
      go,
      verifier,
      cookie: cookies.header,
    };
  }

  /**
   * A passkey sign-in as the browser and the sign-in page make it (a user of the organization
   * registered with `authenticator`): the code the client gets back, and its PKCE verifier.
   */
  async function signIn(orgId: string, clientId: string, authenticator: SoftAuthenticator) {
    const flow = await authorize(orgId, clientId);
    const options = (await flow.go('POST', `${flow.location}/passkey`)).json();
    const response = authenticator.authenticate(
      options as PublicKeyCredentialRequestOptionsJSON,
      origin,
    );
    const finished = await flow.go('POST', `${flow.location}/passkey/finish`, { response });
    const next = new URL(finished.json<{ redirect_to: string }>().redirect_to);
    const back = await flow.go('GET', next.pathname);
    const code = new URL(String(back.headers.location)).searchParams.get('code');
    expect(code).toBeTruthy();
    const setCookies = [back.headers['set-cookie'] ?? []].flat();
    const session = setCookies.find((line) => line.startsWith('_session='));
    return { code: String(code), verifier: flow.verifier, session, cookie: flow.cookie() };
  }

  return { client, organization, tokenCall, authorize, signIn };
}
