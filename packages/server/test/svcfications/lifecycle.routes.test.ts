import { RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { status, useSvcficationApp } from '../svcfications.kit.js';
import { injectFetch, sweepOnce } from '../helpers.js';

const { state, user, create, read, next, respond, answer } = useSvcficationApp();

describe('reject, cancel, expiry, closed', () => {
  it('reject → REJECTED (204), then answering or rejecting again → 422', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfication_responses/${s.id}`))).toBe(
      204,
    );
    expect(await read(s.id)).toMatchObject({
      status: 'REJECTED',
      result: { accepted: false, device_identifier: u.device.identifier },
    });
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(422);
    expect(await status(u.device.signed('DELETE', `/api/v2/svcfication_responses/${s.id}`))).toBe(
      422,
    );
  });

  it('cancel → CANCELED (204); cancel of a closed one → 422; bad credentials → 403', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(state.rp.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(204);
    expect((await read(s.id)).status).toBe('CANCELED');
    expect(await status(state.rp.request('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(422);
    expect(await status(state.rp.request('DELETE', '/api/v2/svcfications/unknown'))).toBe(422);
    expect(
      (await state.t.app.inject({ method: 'DELETE', url: `/api/v2/svcfications/${s.id}` }))
        .statusCode,
    ).toBe(403);
  });

  it('expiry: reads EXPIRED, never served by /next, cannot be answered; the sweeper writes it', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    state.t.clock.advance(91_000);
    expect((await read(s.id)).status).toBe('EXPIRED');
    expect((await next(u.device)).status).toBe(204);
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(422);
    expect(await sweepOnce(state.t)).toBeGreaterThanOrEqual(1);
    const stored = await state.t.store.db
      .selectFrom('svcfications')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('EXPIRED');
  });

  it('other tenants get 404 on read', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const other = new RpClient({
      baseUrl: 'http://svc',
      credentials: (await state.t.newCustomer('other')).server_credentials,
      fetch: injectFetch(state.t.app),
    });
    expect(await status(other.request('GET', `/api/v2/svcfications/${s.id}`))).toBe(404);
    expect(await status(read('unknown'))).toBe(404);
  });
});

describe('/next', () => {
  it('serves the oldest open one first; 204 when none', async () => {
    const u = await user();
    expect((await next(u.device)).status).toBe(204);
    const a = await create({ desired_level: 1, user_identifier: u.identifier });
    state.t.clock.advance(10);
    await create({ desired_level: 1, user_identifier: u.identifier });
    expect((await next(u.device)).body?.id).toBe(a.id);
  });

  it('deactivated devices and bindings get nothing', async () => {
    const u = await user();
    await create({ desired_level: 1, user_identifier: u.identifier });
    await state.rp.setBindingActive(u.bindingId, false);
    expect((await next(u.device)).status).toBe(204);
    await state.rp.setBindingActive(u.bindingId, true);
    expect((await next(u.device)).status).toBe(200);
    await state.rp.setDeviceActive(u.device.identifier, false);
    expect((await next(u.device)).status).toBe(204);
  });

  it('a long poll wakes when a svcfication is created by another request', async () => {
    const u = await user();
    const waiting = next(u.device, '?wait=10');
    await new Promise((r) => setTimeout(r, 50));
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const got = await waiting;
    expect(got.status).toBe(200);
    expect(got.body?.id).toBe(s.id);
  });

  it('GET {id}?wait returns as soon as the device answers', async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const waiting = read(s.id, '?wait=10');
    await new Promise((r) => setTimeout(r, 50));
    await respond(u.device, answer(u, s.id, 1));
    expect((await waiting).status).toBe('ACCEPTED');
    expect(await status(state.rp.request('GET', `/api/v2/svcfications/${s.id}?wait=31`))).toBe(422);
  });

  it("a device's GET {id}?wait ends in 404 when the device was deactivated while it waited", async () => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const waiting = status(u.device.signed('GET', `/api/v2/svcfications/${s.id}?wait=10`));
    await new Promise((r) => setTimeout(r, 50));
    await state.rp.setDeviceActive(u.device.identifier, false);
    await state.rp.request('DELETE', `/api/v2/svcfications/${s.id}`);
    expect(await waiting).toBe(404);
  });
});
