import { RateLimitError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { status, useSvcficationApp } from '../svcfications.kit.js';

const { state, user, create, read } = useSvcficationApp({
  svcficationOpenLimit: 2,
  svcficationWindowLimit: 4,
  svcficationFraudBlockSeconds: 600,
});

/** The 429 a creation ends with: its code and Retry-After (null when it succeeded). */
const refusal = (body: Record<string, unknown>) =>
  create(body).then(
    () => null,
    (e: unknown) => {
      if (!(e instanceof RateLimitError)) throw e;
      return { code: e.code, retryAfter: e.retryAfter };
    },
  );
const count = async () =>
  Number(
    (
      await state.t.store.db
        .selectFrom('svcfications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cancel = (id: string) => state.rp.request('DELETE', `/api/v2/svcfications/${id}`);

describe('fatigue limits', () => {
  it('refuses more open svcfications than the limit, per user identifier (429, Retry-After)', async () => {
    const [u, other] = [await user(), await user()];
    const body = { desired_level: 1, user_identifier: u.identifier };
    const first = await create(body);
    state.t.clock.advance(10_000);
    await create(body);
    const before = await count();
    // The first of the two expires 80 s from now (90 s lifetime).
    expect(await refusal(body)).toEqual({ code: 'RATE_LIMITED', retryAfter: 80 });
    expect(await count()).toBe(before);
    expect(await refusal({ desired_level: 1, user_identifier: other.identifier })).toBeNull();
    // A 429 is not kept for its Idempotency-Key: the same write may be retried later.
    const key = { 'idempotency-key': 'retry-after-429' };
    const retried = () =>
      state.rp.request(
        'POST',
        '/api/v2/svcfications',
        { ...body, action: 'a', resource: 'r' },
        key,
      );
    expect(await status(retried())).toBe(429);
    await cancel(first.id);
    expect(await status(retried())).toBe(201);
  });

  it('holds the open limit when creations for one user arrive at once', async () => {
    const u = await user();
    const refusals = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusal({ desired_level: 1, user_identifier: u.identifier, action: `login ${i}` }),
      ),
    );
    expect(refusals.filter((r) => r === null)).toHaveLength(2);
    expect(refusals.filter((r) => r?.code === 'RATE_LIMITED')).toHaveLength(18);
  });

  it('refuses more than the limit per 10 minutes, and lets them through once the window moves', async () => {
    const u = await user();
    const body = { desired_level: 1, svc_id: u.svcId };
    for (let i = 0; i < 4; i++) {
      await cancel((await create(body)).id);
      state.t.clock.advance(60_000);
    }
    // The oldest of the four was made 4 minutes ago: it leaves the window in 6.
    expect(await refusal(body)).toEqual({ code: 'RATE_LIMITED', retryAfter: 360 });
    state.t.clock.advance(360_000);
    expect(await refusal(body)).toBeNull();
  });
});

describe('rejection with a reason', () => {
  it('a fraud report rejects, is in the result, the callback and /metrics, and blocks the user', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      callback_url: 'http://127.0.0.1:9/hook',
    });
    await u.device.reject(s.id, 'fraud');
    expect(await read(s.id)).toMatchObject({
      status: 'REJECTED',
      result: { accepted: false, reason: 'fraud' },
    });
    const queued = await state.t.store.db.selectFrom('outbox').select('payload').execute();
    expect(
      queued.map((r) => JSON.parse(r.payload) as { id: string }).find((p) => p.id === s.id),
    ).toMatchObject({ status: 'REJECTED', result: { reason: 'fraud' } });
    const metrics = (await state.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('svc_svcfication_fraud_reports_total 1');

    state.t.clock.advance(100_000);
    const body = { desired_level: 1, user_identifier: u.identifier };
    expect(await refusal(body)).toEqual({ code: 'RATE_LIMITED', retryAfter: 500 });
    expect((await state.t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
      'svc_svcfications_refused_total{reason="fraud"} 1',
    );
    state.t.clock.advance(500_000);
    expect(await refusal(body)).toBeNull();
  });

  it('no body or reason declined → REJECTED (declined), no block; an unknown reason → 422, still open', async () => {
    const u = await user();
    const body = { desired_level: 1, user_identifier: u.identifier };
    const s = await create(body);
    const path = `/api/v2/svcfication_responses/${s.id}`;
    expect(await status(u.device.signed('DELETE', path, { reason: 'bored' }))).toBe(422);
    expect((await read(s.id)).status).toBe('IN_PROGRESS');
    expect(await status(u.device.signed('DELETE', path))).toBe(204);
    expect(await read(s.id)).toMatchObject({ status: 'REJECTED', result: { reason: 'declined' } });
    const again = await create(body);
    await u.device.reject(again.id, 'declined');
    expect(await refusal(body)).toBeNull();
  });
});
