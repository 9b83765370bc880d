import { join } from 'node:path';
import { RpClient, type Credentials, type DeviceClient, type DeviceKeys } from '@svc/sdk';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCustomer } from '../../src/areas/customers/issue-credentials.js';
import { createCustomerWithCli, useServer } from './server.js';

// A phone's web app as a browser runs it: the SDK's main entry bundled for browsers (the built
// dist; `npm run build` first), in headless Chromium, its keys non-extractable in IndexedDB,
// every call signed on WebCrypto, against a spawned `svc serve`.
const sdk = join(import.meta.dirname, '../../../sdk');

/**
 * The app's script, as `window.app.open(credentials)`: the device of the keys it keeps in
 * IndexedDB, made non-extractable and saved the first time.
 */
async function appScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { DeviceClient, generateDeviceKeys, indexedDbKeyStore } from '@svc/sdk';
        const store = indexedDbKeyStore();
        window.app = {
          async open(credentials) {
            let keys = await store.load();
            if (!keys) await store.save((keys = await generateDeviceKeys()));
            return { device: new DeviceClient({ baseUrl: location.origin, credentials }, keys), keys };
          },
        };`,
      resolveDir: sdk,
      loader: 'js',
    },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}

/** What the page's script gives the calls of this test (evaluated in the page). */
interface App {
  open(credentials: Credentials): Promise<{ device: DeviceClient; keys: DeviceKeys }>;
}
describe('the device client in Chromium against a spawned `svc serve`', () => {
  const server = useServer();
  let browser: Browser;
  let customer: IssuedCustomer;
  let rp: RpClient;
  let page: Page;
  beforeAll(async () => {
    customer = createCustomerWithCli(server().dataDir, 'browser-device');
    rp = new RpClient({ baseUrl: server().url, credentials: customer.server_credentials });
    const script = await appScript();
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    page = await browser.newPage();
    // The app's page at svc's own origin (http://127.0.0.1 is a secure context, so WebCrypto is
    // there); its calls go to the real server.
    await page.route(`${server().url}/app`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>${script}</script>`,
      }),
    );
    await page.goto(`${server().url}/app`);
  });
  afterAll(async () => browser.close());

  it('registers non-extractable keys kept in IndexedDB, then answers a svcfication after a reload', async () => {
    const first = await page.evaluate(async (credentials) => {
      const { device, keys } = await (window as unknown as { app: App }).app.open(credentials);
      const { identifier, status } = await device.register();
      const exported = await crypto.subtle.exportKey('jwk', keys.device.privateKey).then(
        () => 'exported',
        (error: Error) => error.name,
      );
      return { identifier, status, exported };
    }, customer.sdk_credentials);
    expect(first).toMatchObject({ status: 201, exported: 'InvalidAccessError' });
    const binding = await rp.bindDevice(first.identifier, 'browser-user');
    await rp.setBindingActive(binding.id, true);
    const asked = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 2,
      user_identifier: 'browser-user',
    });

    await page.reload();
    const second = await page.evaluate(async (credentials) => {
      const { device } = await (window as unknown as { app: App }).app.open(credentials);
      const { identifier, status } = await device.register();
      const next = await device.next();
      if (next) await device.accept(next.id, { level: 2 });
      return { identifier, status, id: next?.id };
    }, customer.sdk_credentials);
    // The same keys, loaded from IndexedDB: the same device (200), which saw and answered it.
    expect(second).toEqual({ identifier: first.identifier, status: 200, id: asked.id });
    expect(await rp.getSvcfication(asked.id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2, device_identifier: first.identifier },
    });
  });
});
