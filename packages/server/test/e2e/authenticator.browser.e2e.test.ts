import { join } from 'node:path';
import { RpClient } from '@svc/sdk';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraVideo, fakeCamera, qrModules } from './fake-camera.js';
import { addAuthenticator, freePort } from './fido.browser.js';
import {
  createCustomerWithCli,
  removeDataDir,
  startServer,
  useServer,
  type RunningServer,
} from './server.js';

// svc Authenticator as a phone runs it: headless Chromium at phone size, against a spawned
// `svc serve`; a push delivered to its service worker through CDP. Screenshots go to docs/.
const screenshots = join(import.meta.dirname, '../../../../docs/screenshots');

describe('svc Authenticator in Chromium', () => {
  // On a port known before it starts: its public URL (the links, the WebAuthn origin) names it.
  let running: RunningServer | undefined;
  const server = () => running as RunningServer;
  beforeAll(async () => {
    running = await startServer({ port: await freePort(), env: { SVC_LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await running?.stop();
    if (running) removeDataDir(running.dataDir);
  });
  let browser: Browser;
  let page: Page;
  let rp: RpClient;
  let cdp: CDPSession;
  let authenticatorId: string;
  // The app runs at svc's public URL, http://localhost:PORT: a WebAuthn RP ID cannot be an address.
  const base = () => server().url.replace('127.0.0.1', 'localhost');
  const shot = (name: string) =>
    page.screenshot({ path: join(screenshots, `authenticator-${name}.png`) });
  const visible = (text: string | RegExp) =>
    page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });

  beforeAll(async () => {
    const customer = createCustomerWithCli(server().dataDir, 'Example Bank');
    rp = new RpClient({ baseUrl: server().url, credentials: customer.server_credentials });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
    });
    page = await context.newPage();
    // The phone's biometrics: a platform authenticator that verifies its user.
    cdp = await context.newCDPSession(page);
    authenticatorId = await addAuthenticator(cdp);
  });
  afterAll(async () => browser.close());

  it('is installable: a manifest, an icon and a service worker for its scope', async () => {
    await page.goto(`${base()}/authenticator`);
    expect(page.url()).toBe(`${base()}/authenticator/`);
    const manifest = (await (
      await fetch(`${server().url}/authenticator/manifest.webmanifest`)
    ).json()) as { display: string; icons: unknown[] };
    expect(manifest).toMatchObject({ display: 'standalone' });
    const registered = () =>
      page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    await expect.poll(registered).toBe(true);
    await visible('No accounts yet');
    await shot('empty');
  });

  it('enrolls by opening the link, shows a request with its expiry, approves it', async () => {
    const enrollment = await rp.createEnrollment('alice');
    await page.goto(enrollment.link);
    expect(enrollment.link.startsWith(`${base()}/enroll#`)).toBe(true);
    await visible('Account added for alice');
    expect((await rp.getEnrollment(enrollment.id)).status).toBe('ENROLLED');
    await shot('accounts');

    const asked = await rp.createSvcfication({
      action: 'Sign in to online banking',
      resource: 'web',
      desired_level: 2,
      user_identifier: 'alice',
    });
    await visible('Example Bank asks you to approve');
    await visible('Sign in to online banking');
    await visible(/Expires in \d+ s/);
    await shot('request');
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible('Approved: “Sign in to online banking”.');
    const answered = await rp.getSvcfication(asked.id);
    expect(answered).toMatchObject({ status: 'ACCEPTED', result: { accepted_level: 2 } });
    // Level 2 was the phone's own WebAuthn credential, made at enrollment and used once since.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.signCount).toBeGreaterThanOrEqual(1);
  });

  it('number matching shows the candidates; "This wasn\'t me" reports fraud', async () => {
    const asked = await rp.createSvcfication({
      action: 'Pay 120 EUR',
      resource: 'payments',
      desired_level: 1,
      user_identifier: 'alice',
      number_matching: true,
    });
    await visible('Pick the number the other screen shows');
    await shot('number-matching');
    await page.getByRole('button', { name: String(asked.match_number) }).click();
    await visible('Approved: “Pay 120 EUR”.');
    expect((await rp.getSvcfication(asked.id)).status).toBe('ACCEPTED');

    const suspicious = await rp.createSvcfication({
      action: 'Sign in from a new computer',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'alice',
    });
    await visible('Sign in from a new computer');
    await page.getByRole('button', { name: "This wasn't me" }).click();
    await visible('Denied and reported: “Sign in from a new computer”');
    expect(await rp.getSvcfication(suspicious.id)).toMatchObject({ status: 'REJECTED' });
  });

  it('a push reaches the service worker, which shows a notification', async () => {
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) =>
          r.scopeURL.endsWith('/authenticator/'),
        );
        if (found) resolve(found.registrationId);
      });
    });
    await page.context().grantPermissions(['notifications'], { origin: base() });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const data = JSON.stringify({
      type: 'svcfication',
      svcfication_id: 'x',
      relying_party: 'Example Bank',
      action: 'Sign in',
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base(),
      registrationId,
      data,
    });
    // Polled from here: waitForFunction takes an async function's promise as truthy at once.
    const notifications = () =>
      page.evaluate(async () => {
        const notes = await (await navigator.serviceWorker.ready).getNotifications();
        return notes.map((n) => [n.title, n.body]);
      });
    await expect.poll(notifications, { timeout: 15_000 }).toEqual([['Example Bank', 'Sign in']]);
  });

  it('a lost key store is explained, and the account can be removed', async () => {
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('svc-authenticator', 1);
          open.onsuccess = () => {
            const tx = open.result.transaction('accounts', 'readwrite');
            const store = tx.objectStore('accounts');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const account of all.result as { keys: unknown }[])
                store.put({ ...account, keys: null });
            };
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(new Error(String(tx.error)));
          };
        }),
    );
    await page.reload();
    await visible('Keys lost');
    await shot('keys-lost');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove' }).click();
    await visible('Account removed.');
  });
});

describe('svc Authenticator scanning an enrollment code with the camera', () => {
  const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());

  it('reads the QR code from the camera and enrolls', async () => {
    const customer = createCustomerWithCli(server().dataDir, 'Example Shop');
    const rp = new RpClient({ baseUrl: server().url, credentials: customer.server_credentials });
    const enrollment = await rp.createEnrollment('bob');
    const video = join(server().dataDir, 'qr.y4m');
    const link = enrollment.link.replace(/^http:\/\/localhost:\d+/, server().url);
    cameraVideo(qrModules(link), 8, video);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', ...fakeCamera(video)],
    });
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    await context.grantPermissions(['camera'], { origin: new URL(server().url).origin });
    const page = await context.newPage();
    await page.goto(`${server().url}/authenticator/`);
    await page.getByRole('button', { name: 'Scan a code' }).click();
    await page.getByText('Point the camera at the enrollment code.').waitFor();
    await page.screenshot({ path: join(screenshots, 'authenticator-scan.png') });
    await page.getByText('Account added for bob').waitFor({ timeout: 20_000 });
    expect((await rp.getEnrollment(enrollment.id)).status).toBe('ENROLLED');
  });
});
