import { RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, status, useSvcficationApp, type Svc } from '../svcfications.kit.js';
import { injectFetch } from '../helpers.js';

const { state, user, create, next } = useSvcficationApp();

describe('history and legacy v1', () => {
  it("lists a user's svcfications newest first with limit and before", async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create({ desired_level: 1, user_identifier: u.identifier })).id);
      state.t.clock.advance(1000);
    }
    const all = (
      await state.rp.request<Svc[]>('GET', `/api/v2/svcfications?user_identifier=${u.identifier}`)
    ).body;
    expect(all.map((s) => s.id)).toEqual([...ids].reverse());
    const page = (
      await state.rp.request<(Svc & { created_at: string })[]>(
        'GET',
        `/api/v2/svcfications?user_identifier=${u.identifier}&limit=1`,
      )
    ).body;
    expect(page.map((s) => s.id)).toEqual([ids[2]]);
    const older = (
      await state.rp.request<Svc[]>(
        'GET',
        `/api/v2/svcfications?user_identifier=${u.identifier}&before=${encodeURIComponent(page[0]?.created_at ?? '')}`,
      )
    ).body;
    expect(older.map((s) => s.id)).toEqual([ids[1], ids[0]]);
  });

  it('pages on past svcfications created at the same instant (frozen clock): none is skipped', async () => {
    const u = await user();
    const ids: string[] = [];
    // Four: two full pages, each followed by its cursor (the open limit is five).
    for (let i = 0; i < 4; i++)
      ids.push((await create({ desired_level: 1, user_identifier: u.identifier })).id);
    const newestFirst = [...ids].sort().reverse(); // (created_at, id) order, the instant shared
    const seen: string[] = [];
    for await (const s of state.rp.svcficationHistory(u.identifier, { limit: 2 })) seen.push(s.id);
    expect(seen).toEqual(newestFirst);

    // The cursor by hand: `before` alone still means "created before", `before_id` goes on after
    // that very svcfication, and without `before` it is refused.
    const first = await state.rp.listSvcfications(u.identifier, { limit: 2 });
    const last = first.at(-1);
    expect(first.map((s) => s.id)).toEqual(newestFirst.slice(0, 2));
    expect(await state.rp.listSvcfications(u.identifier, { before: last?.created_at })).toEqual([]);
    const rest = await state.rp.listSvcfications(u.identifier, {
      before: last?.created_at,
      beforeId: last?.id,
    });
    expect(rest.map((s) => s.id)).toEqual(newestFirst.slice(2));
    const orphan = state.rp.listSvcfications(u.identifier, { beforeId: last?.id });
    expect(await bodyOf(orphan)).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: { before_id: [expect.any(String)] },
    });
  });

  it('422 naming limit for a limit that is no finite number, never a 500', async () => {
    const u = await user();
    for (const limit of ['1e400', '-1e400', 'Infinity', '-Infinity', 'NaN', '1e21']) {
      const listed = state.rp.request(
        'GET',
        `/api/v2/svcfications?user_identifier=${u.identifier}&limit=${limit}`,
      );
      expect(await bodyOf(listed), limit).toMatchObject({
        error: 'VALIDATION_FAILED',
        field_errors: { limit: [expect.any(String)] },
      });
      expect(await status(listed), limit).toBe(422);
    }
  });

  it('v1 verifications: 201 empty with user credentials, readable as a Verification', async () => {
    const u = await user();
    const legacy = new RpClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.user_credentials,
      fetch: injectFetch(state.t.app),
    });
    const created = await state.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(created.statusCode).toBe(200);
    const res = await legacy.request<undefined>('POST', '/api/v1/verifications', {
      action: 'pay',
      resource: 'order-1',
      desired_level: 2,
      user_identifier: u.identifier,
      display_name: 'Shop',
      interval: 5,
    });
    expect(res.status).toBe(201);
    expect(res.body).toBeUndefined();
    const svcficationId = (await next(u.device)).body?.id ?? '';
    const v = (
      await legacy.request<Record<string, unknown>>('GET', `/api/v1/verifications/${svcficationId}`)
    ).body;
    expect(v).toMatchObject({
      verification_id: svcficationId,
      action: 'pay',
      resource: 'order-1',
      desired_level: 2,
      status: 'IN_PROGRESS',
      display_name: 'Shop',
      interval: 5,
      relying_party_display_name: 'acme',
      accepted_level: null,
    });
    expect(v.created_date).toBe(Math.floor(state.t.clock.now().getTime() / 1000));
    expect(await status(state.rp.request('GET', `/api/v1/verifications/${svcficationId}`))).toBe(
      403,
    );
    // An interval that would not come back as sent (beyond 32 bits) is refused.
    const huge = legacy.request('POST', '/api/v1/verifications', {
      action: 'pay',
      resource: 'order-2',
      desired_level: 1,
      user_identifier: u.identifier,
      interval: 9_007_199_254_740_993,
    });
    expect(await status(huge)).toBe(422);
  });
});
