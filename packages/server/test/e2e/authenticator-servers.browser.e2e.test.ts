import { RpClient } from '@svc/sdk';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAuthenticator, freePort, launchChromium } from './fido.browser.js';
import { createCustomerWithCli, removeDataDir, startServer, type RunningServer } from './server.js';

// One svc Authenticator, installed from server A, holding an account of A and one of server B:
// B names A's origin in SVC_AUTHENTICATOR_ORIGINS, so the level-2 proofs made in A's app count.
describe('svc Authenticator with accounts of two svc servers', () => {
  const servers: RunningServer[] = [];
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  // Each at http://localhost:PORT, its public URL (a WebAuthn RP ID cannot be an address).
  const base = (server: RunningServer) => server.url.replace('127.0.0.1', 'localhost');
  const visible = (text: string | RegExp) =>
    page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });

  beforeAll(async () => {
    const portA = await freePort();
    const env = { SVC_LOG_LEVEL: 'warn' };
    servers.push(await startServer({ port: portA, env }));
    servers.push(
      await startServer({
        port: await freePort(),
        env: { ...env, SVC_AUTHENTICATOR_ORIGINS: `http://localhost:${portA}` },
      }),
    );
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await addAuthenticator(cdp);
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
  });

  const rpOf = (server: RunningServer, name: string) =>
    new RpClient({
      baseUrl: server.url,
      credentials: createCustomerWithCli(server.dataDir, name).server_credentials,
    });

  async function approveLevel2(rp: RpClient, user: string, action: string) {
    const asked = await rp.createSvcfication({
      action,
      resource: 'web',
      desired_level: 2,
      user_identifier: user,
    });
    await visible(action);
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible(`Approved: “${action}”.`);
    return rp.getSvcfication(asked.id);
  }

  it('enrolls with both, approves level 2 on each, wakes through a worker per server', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const bank = rpOf(a, 'Example Bank');
    const shop = rpOf(b, 'Other Shop');
    await page.goto(`${base(a)}/authenticator/`);
    await visible('No accounts yet');
    await page.goto((await bank.createEnrollment('alice')).link);
    await visible('Account added for alice.');
    // B's link, handed to A's app in the fragment (what scanning B's QR code does too).
    const other = await shop.createEnrollment('carol');
    await page.goto(`${base(a)}/authenticator/#${encodeURIComponent(other.link)}`);
    await visible(`Account added for carol (${new URL(base(b)).host}).`);
    expect((await shop.getEnrollment(other.id)).status).toBe('ENROLLED');

    expect(await approveLevel2(bank, 'alice', 'Sign in to online banking')).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2 },
    });
    expect(await approveLevel2(shop, 'carol', 'Confirm the order')).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2 },
    });
    await visible(`carol at Other Shop (${new URL(base(b)).host})`);

    // Notifications on: B's subscription needs a registration of its own (its own VAPID key),
    // made as the app starts and subscribes every account.
    await page.context().grantPermissions(['notifications'], { origin: base(a) });
    await page.reload();
    const scope = `${base(a)}/authenticator/servers/${encodeURIComponent(new URL(base(b)).host)}/`;
    const scopes = () =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations())
          .filter((r) => r.active?.state === 'activated')
          .map((r) => r.scope)
          .sort(),
      );
    await expect.poll(scopes, { timeout: 15_000 }).toEqual([`${base(a)}/authenticator/`, scope]);

    // A wake-up of B's, delivered to B's registration, is shown as a notification.
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL === scope);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');

    const data = JSON.stringify({
      svcfication_id: 'x',
      relying_party: 'Other Shop',
      action: 'Pay',
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base(a),
      registrationId: await registrationId,
      data,
    });
    const shown = () =>
      page.evaluate(async (wanted) => {
        const registration = await navigator.serviceWorker.getRegistration(wanted);
        return ((await registration?.getNotifications()) ?? []).map((n) => [n.title, n.body]);
      }, scope);
    await expect.poll(shown, { timeout: 15_000 }).toEqual([['Other Shop', 'Pay']]);
  });
});
