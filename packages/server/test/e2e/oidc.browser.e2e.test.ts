import type { Server } from 'node:http';
import { FidoClient } from '@svc/sdk';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  launchChromium,
  listen,
  runLink,
  virtualAuthenticatorTab,
} from './fido.browser.js';
import { createCustomerWithCli, removeDataDir, startServer, type RunningServer } from './server.js';

let server: RunningServer;
let base: string;
let browser: Browser;
let rp: { url: string; server: Server };
let fido: FidoClient;
let organizationId: string;
let clientId: string;
let redirectUri: string;
let page: Page;
let alice: string;

const insecure = { execute: [oidc.allowInsecureRequests] };

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ port });
  // The relying party's callback: the test reads the code from the browser's URL.
  rp = await listen(() => ({
    status: 200,
    type: 'text/html',
    body: '<!doctype html><title>rp</title>',
  }));
  redirectUri = `${rp.url}/callback`;
  browser = await launchChromium();
  const customer = createCustomerWithCli(server.dataDir, 'oidc e2e');
  fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  const org = await fido.createOrganization({ name: 'Acme', domain_name: 'localhost' });
  organizationId = org.id;
  clientId = org.oidc_client_id;
  await fido.addRedirectUri(redirectUri);
  await fido.addRedirectUri(`${rp.url}/signed-out`);
  ({ page } = await virtualAuthenticatorTab(browser));
  const registration = await fido.createRegistration({
    user: { user_identifier: 'alice', name: 'Alice' },
  });
  expect(await runLink(page, registration.user_link)).toContain('registered');
  alice = (await fido.searchUsers({ user_identifier: 'alice' }))[0]?.id ?? '';
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => rp?.server.close(resolve));
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

const issuer = () => `${base}/oidc/${organizationId}`;
const discover = (secret?: string) =>
  oidc.discovery(
    new URL(issuer()),
    clientId,
    secret,
    secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    insecure,
  );

/** An authorization request with PKCE, state and nonce; what the RP keeps for the callback. */
async function authorize(config: oidc.Configuration, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** Follows the browser to the RP's callback, signing in with the passkey when asked. */
async function callbackUrl(url: URL, signIn = true): Promise<URL> {
  await page.goto(url.href);
  if (signIn) await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL((u) => u.href.startsWith(rp.url), { timeout: 15_000 });
  return new URL(page.url());
}

describe('Sign in with svc: openid-client against a spawned `svc serve`, passkey in Chromium', () => {
  it('discovers, signs in with a passkey, exchanges the code with PKCE, verifies the ID token, reads userinfo, refreshes and logs out', async () => {
    const config = await discover();
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer());
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.acr_values_supported).toEqual(['EN', 'ES', 'EX']);
    const request = await authorize(config);
    const back = await callbackUrl(request.url);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token ?? '',
      createRemoteJWKSet(new URL(metadata.jwks_uri ?? '')),
      { issuer: issuer(), audience: clientId },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: alice, nonce: request.nonce, acr: 'ES' });
    expect(payload.amr).toEqual(['hwk', 'user', 'mfa']);
    // svc's own /jwks publishes the same keys.
    const jwks = (await (await fetch(`${base}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toContain(protectedHeader.kid);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, alice);
    expect(info).toMatchObject({ sub: alice, name: 'Alice', preferred_username: 'alice' });

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, alice)).sub).toBe(alice);
    // A public client's refresh token rotates; using the old one again revokes the grant.
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, alice)).rejects.toBeInstanceOf(
      Error,
    );

    // The code was used once: a replay is refused.
    await expect(
      oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    // RP-initiated logout: confirm on svc's page, back at a registered URI.
    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${rp.url}/signed-out`,
      state: 'bye',
    });
    await page.goto(logout.href);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${rp.url}/signed-out`), { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('state')).toBe('bye');
    // Signed out: a new authorization asks to sign in again.
    await page.goto((await authorize(config)).url.href);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  }, 60_000);

  it('refuses a bad PKCE verifier, a missing PKCE (not a missing nonce), a redirect URI not registered, and a passkey for EX', async () => {
    const config = await discover();
    const request = await authorize(config);
    const back = await callbackUrl(request.url);
    await expect(
      oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    // No nonce: optional in the code flow (the session exists, so no sign-in page); PKCE binds
    // the code. Without PKCE this public client is refused back at the client.
    const noNonce = await authorize(config);
    noNonce.url.searchParams.delete('nonce');
    const withoutNonce = await oidc.authorizationCodeGrant(
      config,
      await callbackUrl(noNonce.url, false),
      { pkceCodeVerifier: noNonce.verifier, expectedState: noNonce.state },
    );
    expect(withoutNonce.claims()).not.toHaveProperty('nonce');
    const noPkce = await authorize(config);
    noPkce.url.searchParams.delete('code_challenge');
    noPkce.url.searchParams.delete('code_challenge_method');
    const refused = await callbackUrl(noPkce.url, false);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/PKCE/);

    // A redirect URI that is not exactly registered: an error page at svc, never a redirect.
    for (const other of [`${rp.url}/callback/`, `${rp.url}/elsewhere`]) {
      const wrong = await authorize(config, { redirect_uri: other });
      const response = await fetch(wrong.url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('redirect_uri');
    }

    // EX (a document) asked for: a passkey cannot prove it, so only the phone is offered.
    const strong = await authorize(config, { acr_values: 'EX', prompt: 'login' });
    await page.goto(strong.url.href);
    await page.getByRole('button', { name: 'Sign in with your phone' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
    expect(await page.locator('#qr').isVisible()).toBe(false);
  }, 60_000);
});
