import { describe, expect, it } from 'vitest';
import { useSvccodeApp } from './svccodes.kit.js';

const { state } = useSvccodeApp();

describe('demo page', () => {
  it('says so when there is no demo customer', async () => {
    const res = await state.t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('No demo customer');
    expect(res.body).not.toContain('<img');
  });

  it("shows the demo customer's codes; the QR endpoint draws only genuine, live payloads", async () => {
    const demo = await state.t.newCustomer('demo');
    const res = await state.t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.body).toContain(`data-relying-party="${demo.id}"`);
    const { payload } = await state.browser.create(demo.id);
    const qr = await state.t.app.inject({
      method: 'GET',
      url: `/demo/svccode/qr?payload=${encodeURIComponent(payload)}`,
    });
    expect(qr.json()).toEqual({
      data_url: expect.stringMatching(/^data:image\/png;base64,/),
      expires_in: state.t.config.svccodeTtlSeconds,
    });
    expect(
      (await state.t.app.inject({ method: 'GET', url: '/demo/svccode/qr?payload=anything' }))
        .statusCode,
    ).toBe(422);
    expect((await state.t.app.inject({ method: 'GET', url: '/demo/svccode/qr' })).statusCode).toBe(
      400,
    );
  });
});
