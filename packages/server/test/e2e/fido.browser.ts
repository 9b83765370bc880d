import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';

/** A free loopback port: the link base must name the server's own origin before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A loopback HTTP server; `handle` answers each request with a status and a body. */
export async function listen(
  handle: (path: string, body: string) => { status: number; type?: string; body?: string },
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = handle(req.url ?? '/', body);
      res
        .writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {})
        .end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** Debian's Chromium, headless, without the background traffic that slows a test run. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Each tab's switch of its authenticator's automatic presence (see runLink). */
const presenceOf = new WeakMap<Page, (enabled: boolean) => Promise<void>>();

/** The `mediation` of every WebAuthn request a tab's pages made (`optional` when not given). */
export const mediations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { mediations: string[] }).mediations);

/**
 * Adds a CDP virtual authenticator to `cdp`'s page (a platform one unless `usb`) that verifies its
 * user and answers by itself, as the user touching it at once; its id.
 */
export async function addAuthenticator(
  cdp: CDPSession,
  transport: 'internal' | 'usb' = 'internal',
): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/**
 * A browser tab with a CDP virtual authenticator (a platform one unless `usb`). Its pages record
 * the mediation of their WebAuthn requests (`mediations`).
 */
export async function virtualAuthenticatorTab(
  browser: Browser,
  transport: 'internal' | 'usb' = 'internal',
): Promise<{
  context: BrowserContext;
  page: Page;
  credentials: () => Promise<{ isResidentCredential: boolean }[]>;
  /** Whether the authenticator answers by itself, as if the user touched it at once. */
  presence: (enabled: boolean) => Promise<void>;
}> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { mediations: seen });
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      seen.push(options?.mediation ?? 'optional');
      return get(options);
    };
  });
  const cdp = await context.newCDPSession(page);
  const authenticatorId = await addAuthenticator(cdp, transport);
  const presence = async (enabled: boolean) => {
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  };
  presenceOf.set(page, presence);
  return {
    context,
    page,
    presence,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Opens a user link, presses Continue and returns the message the page ends with. A sign-in page
 * of a link made for no user first offers passkeys in autofill (a conditional request); the
 * authenticator does not answer it (as when the user ignores the autofill), so Continue is
 * pressed while it is pending.
 */
export async function runLink(page: Page, userLink: string): Promise<string> {
  const presence = presenceOf.get(page);
  await presence?.(false);
  await page.goto(userLink);
  await page.waitForFunction(() => {
    const field = document.getElementById('autofill');
    const seen = (window as unknown as { mediations?: string[] }).mediations ?? [];
    return !field || field.dataset.autofill === 'off' || seen.includes('conditional');
  });
  await presence?.(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForFunction(
    () => document.getElementById('message')?.dataset.state !== 'info',
    null,
    { timeout: 15_000 },
  );
  return (await page.locator('#message').textContent()) ?? '';
}

export async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  what: string,
): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
