import { join } from 'node:path';
import { DeviceClient, FidoClient, payloads, RpClient } from '@svc/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAuthenticator, freePort, launchChromium } from './fido.browser.js';
import { startReceiver } from './receiver.js';
import {
  createCustomerWithCli,
  removeDataDir,
  startServer,
  svc,
  type RunningServer,
} from './server.js';

// The console in Chromium against a spawned `svc serve`: each role signs in with its own virtual
// authenticator and goes through its pages. Screenshots of each page go to docs/screenshots.
const screenshots = join(import.meta.dirname, '../../../../docs/screenshots');

describe('the console in Chromium', () => {
  let running: RunningServer | undefined;
  let browser: Browser;
  const server = () => running as RunningServer;
  // The console runs at svc's public URL, http://localhost:PORT (a WebAuthn RP ID is a name).
  const local = (url: string) => url.replace('127.0.0.1', 'localhost');
  let customerId = '';
  // The CLI prints links under the public URL: the server's and its own config name it.
  let publicUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    running = await startServer({
      port,
      env: { SVC_LOG_LEVEL: 'warn', SVC_PUBLIC_URL: publicUrl, SVC_OUTBOX_RETRY_BASE_MS: '50' },
    });
    const bank = createCustomerWithCli(server().dataDir, 'Example Bank');
    customerId = bank.id;
    // Its FIDO organization, a redirect URI and a user who has not enrolled a passkey yet.
    const fido = new FidoClient({ baseUrl: server().url, apiKey: bank.fido_api_key });
    await fido.createOrganization({ name: 'Example Bank', domain_name: 'bank.example' });
    await fido.addRedirectUri('https://bank.example/signed-in');
    await fido.createUser({ user_identifier: 'bob', name: 'Bob' });
    await answeredSvcfication(bank);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await running?.stop();
    if (running) removeDataDir(running.dataDir);
  });

  /**
   * Activity for the customer pages: carol's phone, her document's hash, and a svcfication she
   * approved whose callback was delivered on the second attempt.
   */
  async function answeredSvcfication(bank: ReturnType<typeof createCustomerWithCli>) {
    const baseUrl = server().url;
    const rp = new RpClient({ baseUrl, credentials: bank.server_credentials });
    const device = new DeviceClient({ baseUrl, credentials: bank.sdk_credentials });
    await device.register();
    const binding = await rp.bindDevice(device.identifier, 'carol');
    await rp.setBindingActive(binding.id, true);
    await rp.setDeviceActive(device.identifier, true);
    await rp.registerDocumentFor('carol', { hash: 'a'.repeat(64) });
    const receiver = await startReceiver(1);
    const created = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'carol',
      callback_url: receiver.url,
    });
    await device.signed('POST', '/api/v2/svcfication_responses', {
      payloads: [await payloads.deviceAr(await device.keys(), created.id, device.identifier)],
    });
    await receiver.next();
    await receiver.close();
  }

  /** A person at their own browser profile, with their own passkey. */
  async function person(width = 1024): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await addAuthenticator(await context.newCDPSession(page));
    return page;
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(screenshots, `console-${name}.png`), fullPage: true });
  const accept = async (page: Page, link: string) => {
    await page.goto(local(link));
    await page.getByRole('button', { name: 'Create my passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  };
  const invitationOnPage = async (page: Page, role: string) => {
    await page.getByRole('link', { name: 'Invite' }).click();
    await page.getByLabel('Name').fill(`${role} person`);
    await page.getByLabel('Role').selectOption(role);
    if (await page.getByLabel('Customer id').isVisible())
      await page.getByLabel('Customer id').fill(customerId);
    await page.getByRole('button', { name: 'Make invitation link' }).click();
    return (await page.locator('p.secret').textContent()) ?? '';
  };

  let operator: Page;
  let adminLink = '';
  let viewerLink = '';

  it('an operator accepts the CLI invitation, manages customers and sees health', async () => {
    const cli = svc(['console', 'invite', '--name', 'Olga', '--data-dir', server().dataDir], {
      SVC_PUBLIC_URL: publicUrl,
    });
    expect(cli.status).toBe(0);
    operator = await person();
    await accept(operator, cli.stdout.trim());
    await operator.getByText('Example Bank').waitFor();
    await shot(operator, 'customers');
    await operator.getByLabel("New customer's name").fill('Globex');
    await operator.getByRole('button', { name: 'Create customer' }).click();
    await operator.getByText('Copy them now').waitFor();
    expect(await operator.locator('pre.secret').textContent()).toContain('server_credentials');
    await shot(operator, 'secrets');
    await operator.getByRole('button', { name: 'I have copied them' }).click();
    await operator.getByRole('link', { name: 'Health' }).click();
    await operator.getByText('Nothing gave up.').waitFor();
    await operator.getByText(/so far/).waitFor();
    await shot(operator, 'health');
    adminLink = await invitationOnPage(operator, 'admin');
    expect(adminLink).toContain('#invitation=');
  });

  it('an admin enrolls a phone, reads the activity and the verified audit trail', async () => {
    const admin = await person();
    await accept(admin, adminLink);
    await admin.getByRole('link', { name: 'Users' }).waitFor();
    await admin.getByText('Enroll a phone for a user').click();
    await admin.getByLabel('User identifier').fill('alice');
    await admin.getByRole('button', { name: 'Make enrollment QR code' }).click();
    await admin.getByAltText('Enrollment QR code for alice').waitFor();
    await shot(admin, 'users');
    await admin.getByRole('link', { name: 'Passkeys' }).click();
    await admin.getByText('not registered').waitFor();
    await shot(admin, 'passkeys');
    await admin.getByRole('link', { name: 'Documents' }).click();
    await admin.getByText('a'.repeat(64)).waitFor();
    await shot(admin, 'documents');
    await admin.getByRole('link', { name: 'FIDO' }).click();
    await admin.getByText('https://bank.example/signed-in').waitFor();
    await shot(admin, 'fido');
    await admin.getByRole('link', { name: 'Svcfications' }).click();
    await admin.getByText('login web (level 1)').waitFor();
    await admin.getByRole('button', { name: 'History' }).click();
    await admin.getByText(/svcfication\.answered \(success\) by sdk/).waitFor();
    await shot(admin, 'svcfications');
    await admin.getByRole('link', { name: 'Deliveries' }).click();
    await admin.getByText('delivered', { exact: true }).waitFor();
    await shot(admin, 'deliveries');
    await admin.getByRole('link', { name: 'Audit trail' }).click();
    // Verified in the page: the checkpoint's signature and the log's consistency.
    await admin.getByText(/^\s*Verified: \d+ events/).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await admin.locator('tbody tr').count()) > 0, {
        timeout: 15_000,
        interval: 1000,
      })
      .toBe(true);
    await admin.reload();
    await admin
      .getByText(/extending the checkpoint this browser checked before/)
      .waitFor({ timeout: 15_000 });
    await shot(admin, 'audit');
    viewerLink = await invitationOnPage(admin, 'viewer');
  });

  it('a viewer at 360 px reads and is offered no change; the API refuses one', async () => {
    const viewer = await person(360);
    await accept(viewer, viewerLink);
    await viewer.getByRole('heading', { name: 'Users and devices' }).waitFor();
    expect(await viewer.getByText('Enroll a phone for a user').count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'Invite' }).count()).toBe(0);
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shot(viewer, 'viewer');
    const refused = await viewer.evaluate(async () => {
      const session = (await (await fetch('/api/admin/session')).json()) as { csrf_token: string };
      const res = await fetch('/api/admin/enrollments', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ user_identifier: 'mallory' }),
      });
      return { status: res.status, body: (await res.json()) as { error: string } };
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'CONSOLE_ROLE' } });
    expect(await viewer.evaluate(async () => (await fetch('/api/admin/customers')).status)).toBe(
      403,
    );
  });

  it('signs out, and back in by keyboard alone with the same passkey', async () => {
    await operator.getByRole('button', { name: 'Sign out' }).click();
    const signIn = operator.getByRole('button', { name: 'Sign in with a passkey' });
    await signIn.waitFor();
    await shot(operator, 'sign-in');
    await signIn.focus();
    await operator.keyboard.press('Enter');
    await operator.getByRole('link', { name: 'Customers' }).waitFor();
    const csp = (await operator.request.get(`${local(server().url)}/console/`)).headers()[
      'content-security-policy'
    ];
    expect(csp).toContain("script-src 'self'");
  });
});
