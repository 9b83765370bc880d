import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './server.js';

const launch = () =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

describe('the API reference pages in Chromium, under their CSP', () => {
  const server = useServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(['main', 'fido', 'sandbox'])(
    '/docs/%s shows its operations and breaks no rule of its policy',
    async (name) => {
      const page = await browser.newPage();
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { reportViolation: (t: string) => void })
            .reportViolation;
          report(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      page.on('console', (message) => {
        if (/content security policy/i.test(message.text())) violations.push(message.text());
      });
      const answer = await page.goto(`${server().url}/docs/${name}`);
      expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // An operation opened: Swagger UI has read the document and drawn it, styles applied.
      await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
      await page.locator('.opblock-summary').first().click();
      await page.locator('.opblock-body').first().waitFor();
      const background = await page
        .locator('.opblock')
        .first()
        .evaluate((e) => getComputedStyle(e).borderRadius);
      expect(background).not.toBe('0px');
      expect(violations).toEqual([]);
      await page.close();
    },
  );
});
