import type { Server } from 'node:http';
import { DeviceClient, FidoClient, RpClient } from '@svc/sdk';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, listen } from './fido.browser.js';
import {
  createCustomerWithCli,
  removeDataDir,
  startServer,
  svc,
  type RunningServer,
} from './server.js';

let server: RunningServer;
let browser: Browser;
let rp: { url: string; server: Server };
let config: oidc.Configuration;
let device: DeviceClient;
let bob: string;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = await startServer({ port });
  rp = await listen(() => ({
    status: 200,
    type: 'text/html',
    body: '<!doctype html><title>rp</title>',
  }));
  browser = await launchChromium();
  const customer = createCustomerWithCli(server.dataDir, 'oidc phone e2e');
  const fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  const org = await fido.createOrganization({ name: 'Acme', domain_name: 'localhost' });
  await fido.addRedirectUri(`${rp.url}/callback`);
  bob = (await fido.createUser({ name: 'Bob', user_identifier: 'bob' })).id;
  // Bob's phone: registered with the same customer and bound to his user identifier.
  device = new DeviceClient({ baseUrl: base, credentials: customer.sdk_credentials });
  await device.register();
  const backend = new RpClient({ baseUrl: base, credentials: customer.server_credentials });
  const binding = await backend.bindDevice(device.identifier ?? '', 'bob');
  await backend.setBindingActive(binding.id, true);
  await backend.setDeviceActive(device.identifier ?? '', true);
  // A confidential client: a secret from the API, replaced by one from the operator's CLI.
  const fromApi = await fido.rotateClientSecret(org.id);
  const cli = svc(['oidc', 'client-secret', org.id, '--json', '--data-dir', server.dataDir]);
  expect(cli.status).toBe(0);
  const { client_id, client_secret } = JSON.parse(cli.stdout) as Record<string, string>;
  expect(client_id).toBe(fromApi.client_id);
  expect(client_secret).not.toBe(fromApi.client_secret);
  const unknown = svc(['oidc', 'client-secret', 'nope', '--data-dir', server.dataDir]);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toMatch(/^svc: ORGANIZATION_NOT_FOUND/);
  config = await oidc.discovery(
    new URL(`${base}/oidc/${org.id}`),
    org.oidc_client_id,
    undefined,
    oidc.ClientSecretBasic(client_secret ?? ''),
    { execute: [oidc.allowInsecureRequests] },
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => rp?.server.close(resolve));
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Opens the sign-in page in a fresh browser, chooses the phone and answers the QR's payload. */
async function phoneSignIn(extra: Record<string, string> = {}) {
  const page: Page = await (await browser.newContext()).newPage();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${rp.url}/callback`,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  await page.goto(url.href);
  await page.getByRole('button', { name: 'Sign in with your phone' }).click();
  const payload = (await page.locator('#qr[data-payload]').getAttribute('data-payload')) ?? '';
  // The code shows (not a broken image), and as text for an app that cannot scan.
  expect(
    await page.locator('#qr').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  expect(await page.locator('#code').textContent()).toBe(payload);
  expect(await page.locator('#code').isVisible()).toBe(true);
  await device.pair(payload);
  const back = async () => {
    await page.waitForURL((u) => u.href.startsWith(rp.url), { timeout: 15_000 });
    return new URL(page.url());
  };
  return { page, back, verifier, state, nonce };
}

describe('Sign in with svc: the phone (svccode + svcfication) with the device simulator', () => {
  it('scans, accepts on the phone and signs in the bound user; the ID token says what happened', async () => {
    const flow = await phoneSignIn();
    const asked = await device.next({ wait: 10 });
    expect(asked).toMatchObject({ action: 'Sign in', resource: 'Acme', desired_level: 2 });
    await device.accept(asked?.id ?? '');
    const tokens = await oidc.authorizationCodeGrant(config, await flow.back(), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: bob, acr: 'ES', amr: ['swk', 'mca', 'user'] });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, bob);
    expect(info).toMatchObject({ name: 'Bob', preferred_username: 'bob' });
    await flow.page.close();
  }, 60_000);

  it('EN asked and proved: acr EN with the device key alone', async () => {
    const flow = await phoneSignIn({ acr_values: 'EN' });
    const asked = await device.next({ wait: 10 });
    expect(asked?.desired_level).toBe(1);
    await device.accept(asked?.id ?? '');
    const tokens = await oidc.authorizationCodeGrant(config, await flow.back(), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: bob, acr: 'EN', amr: ['swk', 'mca'] });
    await flow.page.close();
  }, 60_000);

  it('a rejection is access_denied; ES asked but only EN proved, or EX without a document, is unmet', async () => {
    const rejected = await phoneSignIn();
    await device.reject((await device.next({ wait: 10 }))?.id ?? '');
    expect((await rejected.back()).searchParams.get('error')).toBe('access_denied');

    const lower = await phoneSignIn({ acr_values: 'ES' });
    await device.accept((await device.next({ wait: 10 }))?.id ?? '', { level: 1 });
    const unmet = await lower.back();
    expect(unmet.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(unmet.searchParams.get('state')).toBe(lower.state);

    const document = await phoneSignIn({ acr_values: 'EX' });
    expect((await document.back()).searchParams.get('error')).toBe(
      'unmet_authentication_requirements',
    );
    expect(await device.next()).toBeNull();
  }, 60_000);
});
