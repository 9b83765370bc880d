import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';
import { oidcCalls, redirectUri } from './oidc.kit.js';

/**
 * The provider's URLs come from its issuer (the pages' base, path included), never from the Host
 * or X-Forwarded-* headers a client or a proxy sends.
 */
let t: TestApp;
const base = 'https://login.acme.test/auth';
beforeAll(async () => {
  t = await testApp({ fidoLinkBase: base });
});
afterAll(async () => t.close());
const { organization, authorize } = oidcCalls(() => t);

describe("the provider's URLs", () => {
  it('are under the issuer whatever Host and X-Forwarded-Host say', async () => {
    const c = await organization();
    const issuer = `${base}/oidc/${c.id}`;
    for (const headers of [
      {},
      { host: 'evil.example' },
      { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
      { host: 'svc-upstream:8080' },
    ]) {
      const res = await t.app.inject({
        url: `/oidc/${c.id}/.well-known/openid-configuration`,
        headers,
      });
      const metadata = res.json<Json>();
      expect(metadata.issuer).toBe(issuer);
      for (const key of [
        'authorization_endpoint',
        'token_endpoint',
        'userinfo_endpoint',
        'jwks_uri',
        'end_session_endpoint',
      ])
        expect(String(metadata[key]), `${key} with ${JSON.stringify(headers)}`).toMatch(
          new RegExp(`^${issuer}/`),
        );
    }
  });

  it('send the browser to the sign-in page under the base path, with cookies kept to it', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    expect(flow.location).toMatch(new RegExp(`^/auth/oidc/${c.id}/interaction/[\\w-]+$`));
    // The proxy strips its base path: the page is served at svc's own path.
    const page = await flow.go('GET', flow.location.replace(/^\/auth/, ''));
    expect(page.statusCode).toBe(200);
    // The interaction's cookies are kept to the paths the browser sees.
    const request = new URLSearchParams({
      client_id: c.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid',
      nonce: 'n',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const started = await t.app.inject({
      url: `/oidc/${c.id}/auth?${request}`,
      headers: { host: 'evil.example' },
    });
    // The same request as a form POST (OpenID Connect Core 3.1.2.1): the base path `/auth`
    // begins like the endpoint's own path, and still the resume URL is under the issuer.
    const posted = await t.app.inject({
      method: 'POST',
      url: `/oidc/${c.id}/auth`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: request.toString(),
    });
    expect(String(posted.headers.location)).toMatch(new RegExp(`^/auth/oidc/${c.id}/interaction/`));
    const paths = [started.headers['set-cookie'] ?? [], posted.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => /; path=([^;]+)/i.exec(line)?.[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(new RegExp(`^/auth/oidc/${c.id}/`));
  });
});
