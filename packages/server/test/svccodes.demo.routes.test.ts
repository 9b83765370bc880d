import type { SvccodeClient } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserClient } from './svccodes.kit.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let browser: SvccodeClient;
beforeAll(async () => {
  t = await testApp();
  browser = browserClient(t);
});
afterAll(async () => t.close());

describe('demo page', () => {
  it('says so when there is no demo customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('No demo customer');
    expect(res.body).not.toContain('<img');
  });

  it("shows the demo customer's codes; the QR endpoint draws only genuine, live payloads", async () => {
    const demo = await t.newCustomer('demo');
    const res = await t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.body).toContain(`data-relying-party="${demo.id}"`);
    const { payload } = await browser.create(demo.id);
    const qr = await t.app.inject({
      method: 'GET',
      url: `/demo/svccode/qr?payload=${encodeURIComponent(payload)}`,
    });
    expect(qr.json()).toEqual({
      data_url: expect.stringMatching(/^data:image\/png;base64,/),
      expires_in: t.config.svccodeTtlSeconds,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/demo/svccode/qr?payload=anything' })).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/demo/svccode/qr' })).statusCode).toBe(400);
  });
});
