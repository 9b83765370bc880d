import { svcAuthorization } from '@svc/wire';
import { beforeAll, describe, expect, it } from 'vitest';
import { status, useIdentityApp } from '../identity.kit.js';

const { state, newDevice, signedInject } = useIdentityApp();

describe('request authentication', () => {
  let path: string;
  beforeAll(async () => {
    path = `/api/v2/devices/${(await newDevice().register()).identifier}`;
  });

  it('a correctly signed request passes and its answer is signed', async () => {
    const res = await signedInject({ method: 'GET', path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-signature']).toBeTruthy();
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it("the answer's X-Date is the clock's, to the second", async () => {
    const before = await signedInject({ method: 'GET', path });
    expect(before.headers['x-date']).toBe(state.t.clock.now().toUTCString());
    state.t.clock.advance(1000);
    const after = await signedInject({ method: 'GET', path });
    expect(after.headers['x-date']).toBe(state.t.clock.now().toUTCString());
    expect(after.headers['x-date']).not.toBe(before.headers['x-date']);
  });

  it.each([
    ['method', { method: 'PATCH' as const }],
    ['path', { path: '/api/v2/devices/other' }],
    ['date', { date: new Date(Date.parse(new Date().toUTCString()) + 60_000).toUTCString() }],
    ['content type', { contentType: 'application/json' }],
  ])('tampering with the %s → 403', async (_part, tamper) => {
    expect((await signedInject({ method: 'GET', path }, tamper)).statusCode).toBe(403);
  });

  it('a client that signs with the standard Date header (no X-Date) passes; the Date is signed', async () => {
    const res = await signedInject({ method: 'GET', path, dateHeader: 'date' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-signature']).toBeTruthy();
    const later = new Date(state.t.clock.now().getTime() + 60_000).toUTCString();
    expect(
      (await signedInject({ method: 'GET', path, dateHeader: 'date' }, { date: later })).statusCode,
    ).toBe(403);
  });

  it('X-Date wins over Date when both are sent', async () => {
    const date = state.t.clock.now().toUTCString();
    const res = await state.t.app.inject({
      method: 'GET',
      url: path,
      headers: {
        authorization: svcAuthorization(
          state.t.customer.server_credentials.token,
          state.t.customer.server_credentials.secret,
          { method: 'GET', path, body: '', contentType: '', date },
        ),
        'x-date': date,
        date: new Date(state.t.clock.now().getTime() - 3_600_000).toUTCString(),
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the query string is signed: changing or adding one → 403', async () => {
    expect(
      (await signedInject({ method: 'GET', path: `${path}?a=1` }, { path: `${path}?a=2` }))
        .statusCode,
    ).toBe(403);
    expect((await signedInject({ method: 'GET', path }, { path: `${path}?a=1` })).statusCode).toBe(
      403,
    );
    expect((await signedInject({ method: 'GET', path: `${path}?a=1` })).statusCode).toBe(200);
  });

  it('a raw `application/json; charset=UTF-8` content type is signed as sent', async () => {
    const res = await signedInject({
      method: 'PATCH',
      path,
      body: '{"active":true}',
      contentType: 'application/json; charset=UTF-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: true });
  });

  it('tampering with the body → 403', async () => {
    const res = await signedInject(
      { method: 'PATCH', path, body: '{"active":true}', contentType: 'application/json' },
      { body: '{"active":false}' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('a stale or missing Date → 403; the double-space numeric-zone form is accepted', async () => {
    expect(
      (
        await signedInject({
          method: 'GET',
          path,
          date: new Date(state.t.clock.now().getTime() - 6 * 60_000).toUTCString(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await signedInject({ method: 'GET', path, date: 'garbage' })).statusCode).toBe(403);
    const d = state.t.clock.now();
    const odd = `${d.toUTCString().slice(0, 16)}  ${d.toISOString().slice(11, 19)} +0000`;
    expect((await signedInject({ method: 'GET', path, date: odd })).statusCode).toBe(200);
  });

  it('an X-Device-Sig header is refused again long after the Date window (no late replay)', async () => {
    const device = newDevice();
    await device.register();
    const header = await (
      await import('@svc/sdk')
    ).deviceSigHeader((await device.keys()).device, 'seen-once');
    expect(
      await status(
        device.request('GET', '/api/v2/svcfications/next', undefined, { 'x-device-sig': header }),
      ),
    ).toBe(204); // nothing pending
    state.t.clock.advance(24 * 60 * 60 * 1000);
    expect(
      await status(
        device.request('GET', '/api/v2/svcfications/next', undefined, { 'x-device-sig': header }),
      ),
    ).toBe(403);
  });

  it('wrong credential kind, unknown token, no header → 403 Error body', async () => {
    const res = await signedInject({ method: 'GET', path }, {}, state.t.customer.user_credentials);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(
      (await signedInject({ method: 'GET', path }, {}, { token: 'x.y.z', secret: 's' })).statusCode,
    ).toBe(403);
    expect((await state.t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    expect(
      (
        await state.t.app.inject({
          method: 'GET',
          url: path,
          headers: { authorization: `Bearer ${state.t.customer.sandbox_token}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});
