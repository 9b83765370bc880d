import { FidoClient } from '@svc/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  launchChromium,
  mediations,
  runLink,
  virtualAuthenticatorTab,
} from './fido.browser.js';
import { createCustomerWithCli, removeDataDir, startServer, type RunningServer } from './server.js';

let server: RunningServer;
let base: string;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ port });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  await server.stop();
  removeDataDir(server.dataDir);
});

/** Makes the tab's browser one without conditional mediation (no passkey autofill). */
const withoutAutofill = (page: Page) =>
  page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

/** A registered user `name` of a new customer, and a tab whose authenticator holds its passkey. */
async function registeredUser(name: string, conditionalAvailable = true) {
  const customer = createCustomerWithCli(server.dataDir, 'autofill e2e');
  const fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  // Discoverable passkeys: autofill is offered on sign-in links made for no user.
  await fido.createOrganization({
    name: 'Acme',
    domain_name: 'localhost',
    require_resident_key: true,
  });
  const tab = await virtualAuthenticatorTab(browser);
  if (!conditionalAvailable) await withoutAutofill(tab.page);
  const registration = await fido.createRegistration({ user: { user_identifier: name } });
  expect(await runLink(tab.page, registration.user_link)).toContain('registered');
  return { fido, ...tab };
}

describe('passkey autofill on the sign-in page (Chromium)', () => {
  it('starts a conditional request where available; Continue still signs in while it is pending', async () => {
    const { fido, page, context, presence } = await registeredUser('ann');
    const authentication = await fido.createAuthentication();
    // The user does not pick the passkey in autofill: the conditional request stays pending.
    await presence(false);
    await page.goto(authentication.user_link);
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(
      true,
    );
    await page.waitForFunction(
      () => (window as unknown as { mediations: string[] }).mediations.includes('conditional'),
      null,
      { timeout: 10_000 },
    );
    const field = page.locator('#username');
    expect(await field.isVisible()).toBe(true);
    expect(await field.getAttribute('autocomplete')).toBe('username webauthn');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fido.getAuthentication(authentication.id)).status).toBe('PENDING');

    await presence(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForFunction(() => document.getElementById('message')?.dataset.state !== 'info');
    expect(await page.locator('#message').textContent()).toBe(
      'You are signed in. You can close this page.',
    );
    expect(await mediations(page)).toEqual(['conditional', 'optional']);
    expect(await fido.getAuthentication(authentication.id)).toMatchObject({
      status: 'COMPLETED',
      user: { user_identifier: 'ann' },
    });
    await context.close();
  });

  it('without conditional mediation the field stays hidden and Continue works as before', async () => {
    const { fido, page, context } = await registeredUser('ben', false);
    const authentication = await fido.createAuthentication();
    expect(await runLink(page, authentication.user_link)).toBe(
      'You are signed in. You can close this page.',
    );
    expect(await page.locator('#username').isVisible()).toBe(false);
    expect(await mediations(page)).toEqual(['optional']);
    await context.close();
  });

  it('picking the passkey in autofill signs in without pressing Continue', async () => {
    const { fido, page, context } = await registeredUser('dee');
    const authentication = await fido.createAuthentication();
    // Automatic presence: the virtual authenticator answers the conditional request at once.
    await page.goto(authentication.user_link);
    await page.waitForFunction(() => document.getElementById('message')?.dataset.state !== 'info');
    expect(await page.locator('#message').textContent()).toBe(
      'You are signed in. You can close this page.',
    );
    expect(await mediations(page)).toEqual(['conditional']);
    expect(await fido.getAuthentication(authentication.id)).toMatchObject({
      status: 'COMPLETED',
      user: { user_identifier: 'dee' },
    });
    await context.close();
  });

  it('registration pages and sign-in links made for a user have no autofill field', async () => {
    const customer = createCustomerWithCli(server.dataDir, 'autofill e2e');
    const fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
    await fido.createOrganization({ name: 'Acme', domain_name: 'localhost' });
    const html = async (link: string) => (await fetch(link.split('#')[0] ?? '')).text();
    const registration = await fido.createRegistration({ user: { user_identifier: 'cy' } });
    const shown = await html(registration.user_link);
    expect(shown).toContain('Continue');
    expect(shown).not.toContain('webauthn');
    const { page, context } = await virtualAuthenticatorTab(browser);
    await runLink(page, registration.user_link);
    await context.close();
    const forCy = await fido.createAuthentication({ user_identifier: 'cy' });
    expect(await html(forCy.user_link)).not.toContain('webauthn');
    expect(await html((await fido.createAuthentication()).user_link)).toContain(
      'autocomplete="username webauthn"',
    );
  });
});
