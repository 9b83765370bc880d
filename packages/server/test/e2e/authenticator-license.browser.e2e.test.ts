import { join } from 'node:path';
import { licenseHash, readLicenseBarcode, RpClient } from '@svc/sdk';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraVideo, fakeCamera, pdf417Modules } from './fake-camera.js';
import { addAuthenticator, freePort } from './fido.browser.js';
import { createCustomerWithCli, removeDataDir, startServer, type RunningServer } from './server.js';

// Level 3 in svc Authenticator: the camera (Chromium's fake one) shows the PDF417 barcode of a
// driver's license, generated here as the AAMVA standard lays it out; WebAuthn is a virtual
// authenticator. Against a spawned `svc serve` whose customer checks documents with the agency.
const screenshots = join(import.meta.dirname, '../../../../docs/screenshots');

/** The barcode text of a license numbered `number`: AAMVA header, one DL subfile. */
function licenseBarcode(number: string): string {
  const subfile =
    `DLDAQ${number}\nDCSSAMPLE\nDACCAROL\nDADANN\nDBB07041985\nDBA07042030\nDBD07042022\n` +
    'DBC2\nDAU066 in\nDAYGRN\nDAG1 MAIN STREET\nDAISPRINGFIELD\nDAJIL\nDAK627010000  \nDCGUSA\r';
  const header = '@\n\x1e\rANSI 636035100001';
  const designator = `DL${String(header.length + 10).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}`;
  return header + designator + subfile;
}

describe("svc Authenticator with the user's driver's license", () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let rp: RpClient;
  const card = licenseBarcode('DL000001'); // the agency's record that matches every field
  const base = () => (server as RunningServer).url.replace('127.0.0.1', 'localhost');
  const visible = (text: string | RegExp) =>
    page.getByText(text).first().waitFor({ state: 'visible', timeout: 20_000 });

  beforeAll(async () => {
    server = await startServer({ port: await freePort(), env: { SVC_LOG_LEVEL: 'warn' } });
    const customer = createCustomerWithCli(
      server.dataDir,
      'Example Bank',
      '--verify-identity-documents',
    );
    rp = new RpClient({ baseUrl: server.url, credentials: customer.server_credentials });
    const video = join(server.dataDir, 'license.y4m');
    cameraVideo(pdf417Modules(card), 2, video);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', ...fakeCamera(video)],
    });
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
    });
    await context.grantPermissions(['camera'], { origin: base() });
    page = await context.newPage();
    await addAuthenticator(await context.newCDPSession(page));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('adds the license by scanning its barcode: svc keeps its hash, checked with the agency', async () => {
    const enrollment = await rp.createEnrollment('carol');
    await page.goto(enrollment.link);
    await visible('Account added for carol');
    await page.getByRole('button', { name: "Add driver's license" }).click();
    await visible('License added and confirmed by the issuing agency.');
    await page.screenshot({ path: join(screenshots, 'authenticator-license.png') });
    const [document, ...others] = await rp.listDocuments('carol');
    expect(others).toEqual([]);
    expect(document).toMatchObject({
      hash: await licenseHash(readLicenseBarcode(card)),
      verification_status: 'VERIFIED',
    });
    await visible("Replace driver's license");
  });

  it('approves a level-3 request by scanning the license again', async () => {
    const asked = await rp.createSvcfication({
      action: 'Transfer 5,000 EUR',
      resource: 'payments',
      desired_level: 3,
      user_identifier: 'carol',
    });
    await visible("Approving asks you to scan your driver's license.");
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible('Approved: “Transfer 5,000 EUR”.');
    expect(await rp.getSvcfication(asked.id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 3 },
    });
  });
});
