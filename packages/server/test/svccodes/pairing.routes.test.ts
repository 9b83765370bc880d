import { deviceSigHeader, getPairedSvccode, pairSvccode } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { errorOf, rpClient, status, useSvccodeApp } from './svccodes.kit.js';

const { state, registered, post, pairRaw } = useSvccodeApp();

describe('POST /api/v2/paired_svccodes', () => {
  it('201 with an empty body; the RP then reads which device paired, once', async () => {
    const device = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    const res = await pairRaw(device, payload);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    expect(await getPairedSvccode(state.rp, id)).toEqual({ id, identifier: device.identifier });
    expect(await status(getPairedSvccode(state.rp, id))).toBe(404);
  });

  it('400 for a malformed body', async () => {
    const device = await registered();
    const { payload } = await state.browser.create(state.t.customer.id);
    for (const body of [
      { identifier: device.identifier },
      { payload },
      { identifier: 7, payload },
      { identifier: device.identifier, payload: '' },
    ]) {
      const res = await post('/api/v2/paired_svccodes', body, {
        'x-device-sig': await deviceSigHeader((await device.keys()).device),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'MISSING_FIELDS' });
    }
    expect(
      (await state.t.app.inject({ method: 'POST', url: '/api/v2/paired_svccodes' })).statusCode,
    ).toBe(400);
  });

  it('424 when no device has the identifier', async () => {
    const device = await registered();
    const { payload } = await state.browser.create(state.t.customer.id);
    const res = await pairRaw(device, payload, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(424);
    expect(res.json()).toMatchObject({ error: 'DEVICE_UNKNOWN' });
  });

  it('403 for a missing, foreign, malformed or replayed X-Device-Sig; the code stays pairable', async () => {
    const device = await registered();
    const stranger = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    expect((await pairRaw(device, payload, device.identifier, null)).statusCode).toBe(403);
    expect(
      (
        await pairRaw(
          device,
          payload,
          device.identifier,
          await deviceSigHeader((await stranger.keys()).device),
        )
      ).statusCode,
    ).toBe(403);
    expect((await pairRaw(device, payload, device.identifier, 'not.a-signature')).statusCode).toBe(
      403,
    );
    const once = await deviceSigHeader((await device.keys()).device, 'nonce-1');
    const other = await state.browser.create(state.t.customer.id);
    expect((await pairRaw(device, other.payload, device.identifier, once)).statusCode).toBe(201);
    expect((await pairRaw(device, payload, device.identifier, once)).statusCode).toBe(403);
    expect(await state.browser.status(id)).toEqual({ id, paired: false });
    expect((await pairRaw(device, payload)).statusCode).toBe(201);
  });

  it('422 for a forged, altered or foreign-key payload', async () => {
    const device = await registered();
    const { payload } = await state.browser.create(state.t.customer.id);
    const [head, body, mac] = payload.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp: number };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      [head, b64({ ...claims, exp: claims.exp + 3_600_000 }), mac].join('.'),
      [head, body, `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`].join('.'),
      [head, b64({ ...claims, id: '00000000-0000-4000-8000-000000000000' }), mac].join('.'),
      [b64({ alg: 'none', typ: 'JWT' }), body, ''].join('.'),
      'hello world',
    ];
    for (const text of forged) {
      const res = await pairRaw(device, text);
      expect(res.statusCode, text).toBe(422);
      expect(res.json()).toMatchObject({ error: 'SVCCODE_INVALID' });
    }
  });

  it('422 once the payload has expired', async () => {
    const device = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    state.t.clock.advance(state.t.config.svccodeTtlSeconds * 1000);
    expect((await pairRaw(device, payload)).statusCode).toBe(422);
    expect(await status(getPairedSvccode(state.rp, id))).toBe(404);
  });

  it('a code pairs once: a second pairing, by the same or another device, is 422', async () => {
    const first = await registered();
    const second = await registered();
    const { id, payload } = await state.browser.create(state.t.customer.id);
    expect((await pairRaw(first, payload)).statusCode).toBe(201);
    expect((await pairRaw(first, payload)).statusCode).toBe(422);
    expect((await pairRaw(second, payload)).statusCode).toBe(422);
    expect(await getPairedSvccode(state.rp, id)).toEqual({ id, identifier: first.identifier });
  });

  it('concurrent pairings of one code: exactly one wins', async () => {
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => registered()));
    const { id, payload } = await state.browser.create(state.t.customer.id);
    const codes = await Promise.all(
      devices.map(async (d) => (await pairRaw(d, payload)).statusCode),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    const winner = devices[codes.indexOf(201)];
    expect(await getPairedSvccode(state.rp, id)).toEqual({ id, identifier: winner?.identifier });
  });

  it("422 for another RP's code; that RP's device pairs it and only that RP reads it", async () => {
    const other = await state.t.newCustomer('other rp');
    const ours = await registered();
    const theirs = await registered(other.sdk_credentials);
    const { id, payload } = await state.browser.create(other.id);
    expect((await pairRaw(ours, payload)).statusCode).toBe(422);
    expect((await pairRaw(theirs, payload)).statusCode).toBe(201);
    expect(await status(getPairedSvccode(state.rp, id))).toBe(404);
    const otherRp = rpClient(state.t, other.server_credentials);
    expect(await getPairedSvccode(otherRp, id)).toEqual({ id, identifier: theirs.identifier });
  });
});

describe('GET /api/v2/paired_svccodes/{id}', () => {
  it('404 while unknown or not yet paired; 403 without server credentials', async () => {
    const { id, payload } = await state.browser.create(state.t.customer.id);
    expect(await status(getPairedSvccode(state.rp, id))).toBe(404);
    expect(await errorOf(getPairedSvccode(state.rp, 'unknown'))).toMatchObject({
      error: 'SVCCODE_NOT_FOUND',
    });
    await pairSvccode(await registered(), payload);
    expect(
      (await state.t.app.inject({ method: 'GET', url: `/api/v2/paired_svccodes/${id}` }))
        .statusCode,
    ).toBe(403);
    const sdkCaller = rpClient(state.t, state.t.customer.sdk_credentials);
    expect(await status(getPairedSvccode(sdkCaller, id))).toBe(403);
    expect(await getPairedSvccode(state.rp, id)).toMatchObject({ id });
  });

  it('HEAD is no route: it neither answers nor uses up the one-time read', async () => {
    const { id, payload } = await state.browser.create(state.t.customer.id);
    const device = await registered();
    await pairSvccode(device, payload);
    expect(await status(state.rp.request('HEAD', `/api/v2/paired_svccodes/${id}`))).toBe(404);
    expect(await getPairedSvccode(state.rp, id)).toEqual({ id, identifier: device.identifier });
    expect(await status(getPairedSvccode(state.rp, id))).toBe(404);
  });

  it('concurrent reads: exactly one gets the answer', async () => {
    const { id, payload } = await state.browser.create(state.t.customer.id);
    await pairSvccode(await registered(), payload);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => status(state.rp.request('GET', `/api/v2/paired_svccodes/${id}`))),
    );
    expect(results.sort()).toEqual([200, 404, 404, 404]);
  });
});
