import { DeviceClient, RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, status, useSvcficationApp } from './svcfications.kit.js';
import { injectFetch } from './helpers.js';

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

  it('a leap-second or impossible date-time is a 4xx, not a crash', async () => {
    const u = await user();
    for (const expires_at of ['2030-12-31T23:59:60Z', '2030-02-30T10:00:00Z'])
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
