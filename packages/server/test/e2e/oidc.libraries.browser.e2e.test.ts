import { FidoClient } from '@svc/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, runLink, virtualAuthenticatorTab } from './fido.browser.js';
import { authJsApp, passportApp, spaApp, type RpApp } from './rp-apps.js';
import { createCustomerWithCli, removeDataDir, startServer, type RunningServer } from './server.js';

/**
 * "Sign in with svc" from the RP libraries people use, each on its defaults, against a spawned
 * `svc serve`, signing in with a passkey in Chromium. openid-client's own API is
 * oidc.browser.e2e.test.ts.
 */
let server: RunningServer;
let base: string;
let browser: Browser;
let page: Page;
const apps: RpApp[] = [];

/**
 * An organization of a new customer with Alice's passkey, in a new tab with an authenticator of
 * its own (each organization's passkey is its own, all for RP ID localhost); a secret when
 * `confidential`.
 */
async function organization(name: string, confidential: boolean) {
  ({ page } = await virtualAuthenticatorTab(browser));
  const customer = createCustomerWithCli(server.dataDir, name);
  const fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  const org = await fido.createOrganization({ name, domain_name: 'localhost' });
  const registration = await fido.createRegistration({
    user: { user_identifier: 'alice', name: 'Alice' },
  });
  expect(await runLink(page, registration.user_link)).toContain('registered');
  const secret = confidential ? (await fido.rotateClientSecret(org.id)).client_secret : undefined;
  return {
    requirePkce: () => fido.updateOidcClient(org.id, { require_pkce: true }),
    settings: () => fido.oidcClient(org.id),
    issuer: `${base}/oidc/${org.id}`,
    clientId: org.oidc_client_id,
    secret,
    addRedirectUri: (uri: string) => fido.addRedirectUri(uri),
  };
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ port });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const app of apps) await new Promise((resolve) => app.server.close(resolve));
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Opens `start`, signs in with the passkey if svc asks, and waits to be back at `done`. */
async function signInThrough(start: string, done: (url: URL) => boolean, click?: string) {
  await page.goto(start);
  if (click) await page.getByRole('button', { name: click }).click();
  await page.waitForURL((u) => done(u) || u.pathname.includes('/interaction/'), {
    timeout: 15_000,
  });
  if (!done(new URL(page.url())))
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(done, { timeout: 15_000 }).catch(async (err: unknown) => {
    throw new Error(`at ${page.url()}: ${(await page.locator('body').textContent()) ?? ''}`, {
      cause: err,
    });
  });
}

describe('RP libraries on their defaults', () => {
  it('Auth.js: the generic OIDC provider (PKCE, no nonce, client_secret_basic)', async () => {
    const org = await organization('authjs', true);
    const rp = await authJsApp({
      issuer: org.issuer,
      clientId: org.clientId,
      clientSecret: org.secret ?? '',
    });
    apps.push(rp);
    await org.addRedirectUri(`${rp.url}/auth/callback/svc`);
    await signInThrough(
      `${rp.url}/auth/signin?callbackUrl=${encodeURIComponent(`${rp.url}/done`)}`,
      (u) => u.href === `${rp.url}/done`,
      'Sign in with svc',
    );
    await page.goto(`${rp.url}/auth/session`);
    const signedIn = JSON.parse((await page.locator('body').textContent()) ?? '{}') as {
      user?: { name?: string };
    };
    expect(signedIn.user?.name).toBe('Alice');
  }, 60_000);

  it("passport: openid-client's strategy (PKCE, client_secret_post)", async () => {
    const org = await organization('passport', true);
    // The strategy sends PKCE (and no nonce): it works with PKCE required too.
    await org.requirePkce();
    expect(await org.settings()).toMatchObject({ require_pkce: true });
    const rp = await passportApp({
      issuer: org.issuer,
      clientId: org.clientId,
      clientSecret: org.secret ?? '',
    });
    apps.push(rp);
    await org.addRedirectUri(`${rp.url}/callback`);
    await signInThrough(`${rp.url}/login`, (u) => u.pathname === '/callback');
    const user = JSON.parse((await page.locator('body').textContent()) ?? '{}') as object;
    expect(user).toMatchObject({ preferred_username: 'alice', acr: 'ES' });
  }, 60_000);

  it('oidc-client-ts: a public SPA, its token and userinfo calls under CORS', async () => {
    const org = await organization('spa', false);
    const rp = await spaApp({ issuer: org.issuer, clientId: org.clientId });
    apps.push(rp);
    await org.addRedirectUri(`${rp.url}/callback`);
    await signInThrough(`${rp.url}/`, (u) => u.pathname === '/callback');
    await page.locator('#out').filter({ hasText: /./ }).waitFor({ timeout: 15_000 });
    const shown = (await page.locator('#out').textContent()) ?? '';
    expect(shown).not.toMatch(/^error/);
    expect(JSON.parse(shown)).toMatchObject({ name: 'Alice', preferred_username: 'alice' });
  }, 60_000);
});
