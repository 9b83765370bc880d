import {
  bindUser,
  DeviceClient,
  getPairedSvccode,
  pairSvccode,
  payloads,
  RpClient,
  SvccodeClient,
} from '@svc/sdk';
import jsQRModule from 'jsqr';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCustomer } from '../../src/areas/customers/issue-credentials.js';
import { useServer } from './server.js';

// jsqr ships UMD (CommonJS): depending on the loader the function is the default export or its `default`.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const loaded = jsQRModule as unknown as Decode | { default: Decode };
const jsQR: Decode = typeof loaded === 'function' ? loaded : loaded.default;

/** The credentials `svc serve` prints once when it creates the demo customer. */
function demoCustomer(output: string): IssuedCustomer {
  const json = /shown only this once:\n(\{[\s\S]*?\n\})\n/.exec(output)?.[1];
  if (!json) throw new Error(`no demo credentials in the server output:\n${output}`);
  return JSON.parse(json) as IssuedCustomer;
}

/** What is on screen where the QR image is: screenshot → pixels (decoded by the browser) → jsQR. */
async function scanQr(page: Page): Promise<string | null> {
  const shot = (await page.locator('#qr').screenshot()).toString('base64');
  const image = await page.evaluate(async (png) => {
    const bitmap = await createImageBitmap(
      await (await fetch(`data:image/png;base64,${png}`)).blob(),
    );
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    // The pixels travel back as base64: as a JSON array of numbers they took seconds a frame.
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let binary = '';
    for (let i = 0; i < pixels.length; i += 0x8000)
      binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return { width: bitmap.width, height: bitmap.height, data: btoa(binary) };
  }, shot);
  const pixels = new Uint8ClampedArray(Buffer.from(image.data, 'base64'));
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

const launch = () =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

describe('svccode demo page in Chromium against a spawned `svc serve`', () => {
  const server = useServer();
  let browser: Browser;
  let demo: IssuedCustomer;
  beforeAll(async () => {
    demo = demoCustomer(server().output());
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a QR code of a live svccode and flips to "paired" when a device scans it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server().url}/demo/svccode`);
    await page.locator('#qr[data-payload]').waitFor();
    const shown = await page.locator('#qr').getAttribute('data-payload');
    const scanned = await scanQr(page);
    expect(scanned).toBe(shown);
    expect(scanned).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]{43}$/);
    await expect(page.locator('#status').textContent()).resolves.not.toBe('paired');

    const device = new DeviceClient({ baseUrl: server().url, credentials: demo.sdk_credentials });
    await device.register();
    await pairSvccode(device, scanned ?? '');
    // The page is in a 25 s long poll; the pairing wakes it at once.
    await page.locator('main[data-state="paired"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('#status').textContent()).toBe('paired');
    const rp = new RpClient({ baseUrl: server().url, credentials: demo.server_credentials });
    expect(
      await getPairedSvccode(rp, (await page.locator('#qr').getAttribute('data-id')) ?? ''),
    ).toMatchObject({ identifier: device.identifier });
    await page.close();
  });

  it('the recommended flow: scan → svcfication to confirm intent → bind', async () => {
    const rp = new RpClient({ baseUrl: server().url, credentials: demo.server_credentials });
    const widget = new SvccodeClient({ baseUrl: server().url });
    const device = new DeviceClient({ baseUrl: server().url, credentials: demo.sdk_credentials });
    await device.register();

    const code = await widget.create(demo.id);
    const waiting = widget.waitUntilPaired(code);
    await pairSvccode(device, code.payload);
    expect(await waiting).toEqual({ id: code.id, paired: true });

    const paired = await getPairedSvccode(rp, code.id);
    expect(paired.identifier).toBe(device.identifier);
    await rp.setDeviceActive(paired.identifier, true);
    type Svcfication = { id: string; status: string; result: { device_identifier: string } | null };
    const asked = (
      await rp.request<Svcfication>('POST', '/api/v2/svcfications', {
        action: 'link account',
        resource: 'web',
        desired_level: 1,
        svccode_id: code.id,
      })
    ).body;
    const pending = (await device.signed<Svcfication>('GET', '/api/v2/svcfications/next')).body;
    expect(pending.id).toBe(asked.id);
    await device.signed('POST', '/api/v2/svcfication_responses', {
      payloads: [await payloads.deviceAr(await device.keys(), asked.id, device.identifier)],
    });
    const answered = (await rp.request<Svcfication>('GET', `/api/v2/svcfications/${asked.id}`))
      .body;
    expect(answered).toMatchObject({
      status: 'ACCEPTED',
      result: { device_identifier: device.identifier },
    });

    const binding = await bindUser(rp, code.id, 'demo-user-1');
    expect(binding).toMatchObject({
      device_identifier: device.identifier,
      user_identifier: 'demo-user-1',
    });
    const { svc_id } = await rp.getDevice(device.identifier);
    expect(await rp.getUserIdentifier('demo-user-1')).toEqual({
      svc_id,
      identifier: 'demo-user-1',
    });
  });

  // Last in this block: it stops the server.
  it('SIGTERM answers a pending 30 s long poll at once and exits 0', async () => {
    const { id } = await new SvccodeClient({ baseUrl: server().url }).create(demo.id);
    const started = Date.now();
    const poll = fetch(`${server().url}/api/v2/svccodes/${id}?wait=30`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the request reach its wait
    const exit = server().stop();
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id, paired: false });
    expect(await exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('svccode demo page refresh', () => {
  const server = useServer({ env: { SVC_SVCCODE_TTL_SECONDS: '3' } });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('replaces the code before it expires', async () => {
    const page = await browser.newPage();
    await page.goto(`${server().url}/demo/svccode`);
    await page.locator('#qr[data-payload]').waitFor();
    const first = await page.locator('#qr').getAttribute('data-payload');
    const firstId = await page.locator('#qr').getAttribute('data-id');
    await page.waitForFunction(
      (old) => document.getElementById('qr')?.dataset.payload !== old,
      first,
      { timeout: 10_000 },
    );
    const second = await page.locator('#qr').getAttribute('data-payload');
    expect(second).not.toBe(first);
    expect(await page.locator('#qr').getAttribute('data-id')).not.toBe(firstId);
    expect(await scanQr(page)).toBe(second);
    await page.close();
  });
});
