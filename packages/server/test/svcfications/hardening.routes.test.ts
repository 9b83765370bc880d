import { deviceSigHeader, DeviceClient, RpClient } from '@svc/sdk';
import { svcAuthorization } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { bodyOf, status, useSvcficationApp } from '../svcfications.kit.js';
import { injectFetch } from '../helpers.js';

const { state, user, create, read, respond, answer } = useSvcficationApp();

describe('hardening', () => {
  it('a callback-bearing answer completes while the signing key must be reloaded (no lock-up on SQLite)', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      callback_url: 'https://rp.example.com/hooks/x1',
    });
    (state.t.ctx.keys as unknown as { current: unknown }).current = null;
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(201);
    const queued = await state.t.store.db
      .selectFrom('outbox')
      .select('payload')
      .where('target', '=', 'https://rp.example.com/hooks/x1')
      .execute();
    expect(
      queued.map((r) => JSON.parse(r.payload) as { status: string }).map((p) => p.status),
    ).toEqual(['ACCEPTED']);
  });

  it('a leap-second, impossible or beyond-9999 date-time is a 4xx, not a crash', async () => {
    const u = await user();
    const beyond = '9999-12-31T23:59:59-23:59'; // in UTC, the year 10000
    for (const expires_at of ['2030-12-31T23:59:60Z', '2030-02-30T10:00:00Z', beyond])
      expect(
        await bodyOf(create({ desired_level: 1, user_identifier: u.identifier, expires_at })),
      ).toMatchObject({ errors: expect.any(Array) });
    expect(
      await status(
        state.rp.request(
          'GET',
          `/api/v2/svcfications?user_identifier=${u.identifier}&before=2016-12-31T23:59:60Z`,
        ),
      ),
    ).toBe(422);
    const listed = `/api/v2/svcfications?user_identifier=${u.identifier}&before=${beyond}`;
    expect(await status(state.rp.request('GET', listed))).toBe(422);
  });

  it('device routes take SDK credentials only; cancel with SDK credentials needs an addressed device', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(state.rp.request('GET', '/api/v2/svcfications/next'))).toBe(403);
    const sdk = new RpClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    expect(await status(sdk.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(403);
    const stranger = await user();
    expect(await status(stranger.device.signed('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(
      422,
    );
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(204);
    expect((await read(s.id)).status).toBe('CANCELED');
  });

  it("a repeat is answered only with its own maker's answer: another device's or the RP's write runs", async () => {
    const a = await user();
    const b = await user();
    const s = await create({ desired_level: 1, user_identifier: a.identifier });
    // One Idempotency-Key: a device that is not addressed, then the RP.
    const path = `/api/v2/svcfications/${s.id}`;
    const byDevice = b.device.request('DELETE', path, undefined, {
      'x-device-sig': await deviceSigHeader(b.keys.device),
      'idempotency-key': `cancel-${s.id}`,
    });
    expect(await status(byDevice)).toBe(422);
    const byRp = state.rp.request('DELETE', path, undefined, {
      'idempotency-key': `cancel-${s.id}`,
    });
    expect(await status(byRp)).toBe(204);

    // One Authorization (SDK credentials, same second, same body) from two devices: each runs.
    const next = await create({ desired_level: 1, user_identifier: a.identifier });
    const reject = `/api/v2/svcfication_responses/${next.id}`;
    const { token, secret } = state.t.customer.sdk_credentials;
    const date = state.t.clock.now().toUTCString();
    const common = {
      'x-date': date,
      authorization: svcAuthorization(token, secret, {
        method: 'DELETE',
        path: reject,
        body: '',
        contentType: '',
        date,
      }),
    };
    const send = async (u: typeof a) =>
      (
        await state.t.app.inject({
          method: 'DELETE',
          url: reject,
          headers: { ...common, 'x-device-sig': await deviceSigHeader(u.keys.device) },
        })
      ).statusCode;
    expect(await send(b)).toBe(422);
    expect(await send(a)).toBe(204);
    expect((await read(next.id)).status).toBe('REJECTED');
  });

  // Replays inside the Date window are bounded by TLS and the fatigue limits (decisions/http.md).
  it('a captured RP write sent again creates its own svcfication, with or without X-Device-Sig', async () => {
    const u = await user();
    const { token, secret } = state.t.customer.server_credentials;
    const body = JSON.stringify({
      action: 'a',
      resource: 'r',
      desired_level: 1,
      user_identifier: u.identifier,
    });
    const date = state.t.clock.now().toUTCString();
    const path = '/api/v2/svcfications';
    const parts = { method: 'POST', path, body, contentType: 'application/json', date };
    const send = (extra: Record<string, string> = {}) =>
      state.t.app.inject({
        method: 'POST',
        url: path,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-date': date,
          authorization: svcAuthorization(token, secret, parts),
          ...extra,
        },
      });
    const ids = new Set<string>();
    const extras: Record<string, string>[] = [
      {},
      { 'x-device-sig': 'junk-1' },
      { 'x-device-sig': 'junk-2' },
    ];
    for (const extra of extras) {
      const res = await send(extra);
      expect(res.statusCode).toBe(201);
      ids.add(res.json<{ id: string }>().id);
    }
    expect(ids.size).toBe(3);
  });

  it('concurrent bindings of one device: one binds, the others are 409', async () => {
    const device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    await device.register();
    const results = await Promise.all(
      ['p', 'q', 'r', 's'].map((id) =>
        status(state.rp.bindDevice(device.identifier, `race-${id}`)),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(3);
  });
});
