import type { Server } from 'node:http';
import { FidoClient, type FidoOrganizationInput } from '@svc/sdk';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  launchChromium,
  listen,
  runLink,
  virtualAuthenticatorTab,
  waitFor,
} from './fido.browser.js';
import {
  createCustomerWithCli,
  removeDataDir,
  startServer,
  svc,
  type RunningServer,
} from './server.js';

type Json = Record<string, unknown>;

let server: RunningServer;
let base: string;
let browser: Browser;
const callbacks: Json[] = [];
let receiver: { url: string; server: Server };
let phishing: { url: string; server: Server };

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  // No SVC_FIDO_LINK_BASE: `localhost` organizations get links on SVC_PUBLIC_URL, whose default
  // is http://localhost:PORT (the README's local tour).
  server = await startServer({ port });
  receiver = await listen((_path, body) => {
    callbacks.push(JSON.parse(body) as Json);
    return { status: 204 };
  });
  // Another origin that the RP ID `localhost` also covers: a page an attacker could run.
  phishing = await listen(() => ({
    status: 200,
    type: 'text/html',
    body: '<!doctype html><title>look-alike</title>',
  }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => receiver.server.close(resolve));
  await new Promise((resolve) => phishing.server.close(resolve));
  await server.stop();
  removeDataDir(server.dataDir);
});

/** A browser tab with a CDP virtual authenticator (a platform one unless `usb`). */
const tab = (transport?: 'internal' | 'usb') => virtualAuthenticatorTab(browser, transport);

/** A customer of the spawned server with its organization (RP ID `localhost`). */
async function organization(flags: Partial<FidoOrganizationInput> = {}): Promise<FidoClient> {
  const customer = createCustomerWithCli(server.dataDir, 'fido e2e');
  const fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  await fido.createOrganization({ name: 'Acme', domain_name: 'localhost', ...flags });
  return fido;
}

describe('FIDO pages in Chromium against a spawned `svc serve`', () => {
  it('registers through user_link, then signs in through a new link; a used link fails; callbacks carry a verifiable jwt', async () => {
    const fido = await organization();
    const { page, context } = await tab();
    const registration = await fido.createRegistration({
      user: { user_identifier: 'alice', name: 'Alice' },
      callback_url: `${receiver.url}/hooks/r3g`,
    });
    expect(registration.user_link).toMatch(
      new RegExp(`^${base}/fido/registrations/${registration.id}#`),
    );

    expect(await runLink(page, registration.user_link)).toBe(
      'Your passkey is registered. You can close this page.',
    );
    expect(await fido.searchUsers({ user_identifier: 'alice' })).toEqual([
      expect.objectContaining({ registered: true, name: 'Alice' }),
    ]);
    expect((await fido.getRegistration(registration.id)).status).toBe('COMPLETED');

    const authentication = await fido.createAuthentication({
      user_identifier: 'alice',
      callback_url: `${receiver.url}/hooks/4uth`,
    });
    expect(authentication.status).toBe('PENDING');
    expect(await runLink(page, authentication.user_link)).toBe(
      'You are signed in. You can close this page.',
    );
    expect(await fido.getAuthentication(authentication.id)).toMatchObject({
      status: 'COMPLETED',
      user: { user_identifier: 'alice' },
    });

    // The same link again: the page refuses before any ceremony, and so does the API behind it.
    await page.goto('about:blank');
    await page.goto(authentication.user_link);
    expect(await page.locator('#message').textContent()).toBe(
      'This link has already been used. Ask for a new link.',
    );
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    const { pathname, hash } = new URL(authentication.user_link);
    const again = await fetch(`${server.url}${pathname}/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: hash.slice(1) }),
    });
    expect(again.status).toBe(410);

    const jwks = createRemoteJWKSet(new URL(`${server.url}/jwks`));
    for (const id of [registration.id, authentication.id]) {
      const callback = await waitFor(
        () => callbacks.find((c) => c.id === id),
        `the callback of ${id}`,
      );
      expect(callback.status).toBe('COMPLETED');
      const { jwt, ...resource } = callback;
      const { payload } = await jwtVerify(String(jwt), jwks);
      expect(payload).toMatchObject(resource);
    }
    await context.close();
  });

  it('signs in with a resident-key passkey and no user_identifier', async () => {
    const fido = await organization({ require_resident_key: true });
    const { page, context, credentials } = await tab();
    const registration = await fido.createRegistration({ user: { user_identifier: 'bob' } });
    expect(await runLink(page, registration.user_link)).toContain('registered');
    expect(await credentials()).toEqual([expect.objectContaining({ isResidentCredential: true })]);

    const authentication = await fido.createAuthentication();
    expect(authentication).not.toHaveProperty('user');
    expect(await runLink(page, authentication.user_link)).toContain('signed in');
    expect(await fido.getAuthentication(authentication.id)).toMatchObject({
      status: 'COMPLETED',
      user: { user_identifier: 'bob', registered: true },
    });
    await context.close();
  });

  it('enrolls a second device for a registered user and lands on the redirect URL', async () => {
    const fido = await organization();
    const first = await tab();
    await runLink(
      first.page,
      (await fido.createRegistration({ user: { user_identifier: 'fay' } })).user_link,
    );
    await first.context.close();
    const welcome = `${phishing.url}/welcome`;
    await fido.addRedirectUri(welcome);
    const [user] = await fido.searchUsers({ user_identifier: 'fay' });
    const second = await tab();
    const enrollment = await fido.enrollUser(user?.id ?? '', { redirect_url: welcome });
    await second.page.goto(enrollment.user_link);
    await second.page.getByRole('button', { name: 'Continue' }).click();
    await second.page.waitForURL(welcome);
    expect(await fido.getRegistration(enrollment.id)).toMatchObject({
      status: 'COMPLETED',
      redirect_url: welcome,
    });
    const authentication = await fido.createAuthentication({ user_identifier: 'fay' });
    expect(await runLink(second.page, authentication.user_link)).toContain('signed in');
    await second.context.close();
  });

  it('an assertion made on another origin is refused and the authentication reads ERROR', async () => {
    const fido = await organization();
    const { page, context } = await tab();
    await runLink(
      page,
      (await fido.createRegistration({ user: { user_identifier: 'carol' } })).user_link,
    );
    const authentication = await fido.createAuthentication({ user_identifier: 'carol' });
    const { pathname, hash } = new URL(authentication.user_link);
    const secret = hash.slice(1);
    // A look-alike site relays the real options, lets the browser sign on its own origin, and
    // forwards the result.
    const options = (await (
      await fetch(`${server.url}${pathname}/options`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret }),
      })
    ).json()) as Json;
    await page.goto(phishing.url);
    const response = await page.evaluate(async (json) => {
      const credential = (await navigator.credentials.get({
        publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(
          json as unknown as PublicKeyCredentialRequestOptionsJSON,
        ),
      })) as PublicKeyCredential;
      return credential.toJSON() as Record<string, unknown>;
    }, options);
    const verify = await fetch(`${server.url}${pathname}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret, response }),
    });
    expect(verify.status).toBe(400);
    expect(((await verify.json()) as Json).description).toContain(`origin "${phishing.url}"`);
    expect((await fido.getAuthentication(authentication.id)).status).toBe('ERROR');
    await context.close();
  });

  it('an organization requiring platform authenticators refuses a cross-platform (USB) one', async () => {
    const fido = await organization({ require_platform_authenticator: true });
    const { page, context } = await tab('usb');
    const registration = await fido.createRegistration({ user: { user_identifier: 'dave' } });
    await page.goto(registration.user_link);
    // The browser would wait for a platform authenticator forever; a client that drops the
    // requirement from the options gets a USB credential, which the server must refuse.
    const outcome = await page.evaluate(async () => {
      const secret = location.hash.slice(1);
      const post = (step: string, body: object) =>
        fetch(`${location.pathname}/${step}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const options = (await (
        await post('options', { secret })
      ).json()) as PublicKeyCredentialCreationOptionsJSON;
      const demanded = options.authenticatorSelection?.authenticatorAttachment;
      delete options.authenticatorSelection?.authenticatorAttachment;
      const credential = (await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
      })) as PublicKeyCredential;
      const verify = await post('verify', { secret, response: credential.toJSON() });
      return {
        demanded,
        attachment: credential.authenticatorAttachment,
        status: verify.status,
        body: (await verify.json()) as Record<string, unknown>,
      };
    });
    expect(outcome).toMatchObject({
      demanded: 'platform',
      attachment: 'cross-platform',
      status: 400,
      body: {
        error: 'FIDO_CEREMONY_FAILED',
        description: 'This organization requires a platform authenticator.',
      },
    });
    expect((await fido.getRegistration(registration.id)).status).toBe('ERROR');
    expect((await fido.searchUsers({ user_identifier: 'dave' }))[0]?.registered).toBe(false);
    await context.close();
  });

  it('sends the link by SMS through the log provider, listed by `svc sms list`', async () => {
    const fido = await organization();
    const registration = await fido.createRegistration({
      user: { user_identifier: 'erin' },
      sms_phone_number: '+15557654321',
    });
    const listed = await waitFor(() => {
      const result = svc(['sms', 'list', '--json', '--data-dir', server.dataDir]);
      const messages = JSON.parse(result.stdout) as { to_number: string; body: string }[];
      return messages.find((m) => m.body.includes(registration.user_link));
    }, 'the SMS');
    expect(listed.to_number).toBe('+15557654321');
    await waitFor(
      () =>
        server
          .output()
          .includes(`SMS to +15557654321: Acme: register your passkey at ${registration.user_link}`)
          ? true
          : undefined,
      'the SMS log line',
    );
    const text = svc(['sms', 'list', '--limit', '1', '--data-dir', server.dataDir]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(registration.user_link);
  });
});
