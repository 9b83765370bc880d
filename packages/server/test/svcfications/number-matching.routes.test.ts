import { payloads, RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { setNumberMatching } from '../../src/areas/customers/set-number-matching.js';
import { injectFetch } from '../helpers.js';
import { status, useSvcficationApp, type Svc } from '../svcfications.kit.js';

type Matching = Svc & {
  number_matching?: boolean;
  match_number?: number | null;
  match_candidates?: number[] | null;
};

const { state, user, create, read, next, respond } = useSvcficationApp();
const callback = 'http://127.0.0.1:9/hook';

/** The callback queued for a svcfication, as the outbox holds it. */
async function queuedCallback(id: string) {
  const rows = await state.t.store.db.selectFrom('outbox').select('payload').execute();
  return rows.map((r) => JSON.parse(r.payload) as Matching).find((b) => b.id === id);
}

describe('number matching', () => {
  it('the RP gets the number; the device gets three candidates and must send the right one', async () => {
    const u = await user();
    const s = (await create({
      desired_level: 1,
      user_identifier: u.identifier,
      number_matching: true,
    })) as Matching;
    expect(s.number_matching).toBe(true);
    expect(s.match_number).toBeGreaterThanOrEqual(10);
    expect(s.match_number).toBeLessThanOrEqual(99);
    expect(s).not.toHaveProperty('match_candidates');

    const seen = (await next(u.device)).body as Matching;
    expect(seen.id).toBe(s.id);
    expect(seen).not.toHaveProperty('match_number');
    expect(seen.match_candidates).toHaveLength(3);
    expect(new Set(seen.match_candidates).size).toBe(3);
    expect(seen.match_candidates).toContain(s.match_number);
    const viaGet = (await u.device.get(s.id)) as Matching;
    expect(viaGet).not.toHaveProperty('match_number');

    await u.device.accept(s.id, { matchNumber: s.match_number ?? 0 });
    const done = (await read(s.id)) as Matching;
    expect(done.status).toBe('ACCEPTED');
    expect(done.match_number).toBe(s.match_number);
  });

  it.each([
    ['a wrong number', 'match_number_wrong'],
    ['no number', 'match_number_missing'],
  ])('%s rejects it, with the reason in the result and the callback', async (what, reason) => {
    const u = await user();
    const s = (await create({
      desired_level: 1,
      user_identifier: u.identifier,
      number_matching: true,
      callback_url: callback,
    })) as Matching;
    const wrong = s.match_number === 99 ? 98 : (s.match_number ?? 0) + 1;
    const list = [
      payloads.deviceAr(
        u.keys,
        s.id,
        u.device.identifier,
        undefined,
        what === 'no number' ? undefined : wrong,
      ),
    ];
    expect(await status(respond(u.device, list))).toBe(201);
    const done = await read(s.id);
    expect(done).toMatchObject({ status: 'REJECTED', result: { accepted: false, reason } });
    expect(await queuedCallback(s.id)).toMatchObject({
      status: 'REJECTED',
      result: { reason },
    });
    // Closed: another answer is refused.
    const right = payloads.deviceAr(u.keys, s.id, u.device.identifier, undefined, 10);
    expect(await status(respond(u.device, [right]))).toBe(422);
  });

  it('a match_number that is not an integer is a malformed answer (422, still open)', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      number_matching: true,
    });
    const bad = payloads.deviceAr(u.keys, s.id, u.device.identifier, undefined, 1.5);
    expect(await status(respond(u.device, [bad]))).toBe(422);
    expect((await read(s.id)).status).toBe('IN_PROGRESS');
  });

  it('off: no number, and a match_number in the answer is ignored', async () => {
    const u = await user();
    const s = (await create({ desired_level: 1, user_identifier: u.identifier })) as Matching;
    expect(s.number_matching).toBe(false);
    expect(s.match_number).toBeNull();
    expect(((await next(u.device)).body as Matching).match_candidates).toBeNull();
    await u.device.accept(s.id, { matchNumber: 42 });
    expect((await read(s.id)).status).toBe('ACCEPTED');
  });

  it("the customer's setting turns it on for level 2 and 3 unless the request says otherwise", async () => {
    await setNumberMatching(
      { db: state.t.store.db, audit: state.t.ctx.audit },
      state.t.customer.id,
      true,
    );
    try {
      const u = await user();
      const level2 = (await create({
        desired_level: 2,
        user_identifier: u.identifier,
      })) as Matching;
      const level1 = (await create({
        desired_level: 1,
        user_identifier: u.identifier,
      })) as Matching;
      const optOut = (await create({
        desired_level: 3,
        user_identifier: u.identifier,
        number_matching: false,
      })) as Matching;
      expect([level2, level1, optOut].map((s) => s.number_matching)).toEqual([true, false, false]);
      expect(typeof level2.match_number).toBe('number');
      // Legacy v1 has no number to show: never number matching.
      const legacy = new RpClient({
        baseUrl: 'http://svc',
        credentials: state.t.customer.user_credentials,
        fetch: injectFetch(state.t.app),
      });
      const created = await legacy.request('POST', '/api/v1/verifications', {
        action: 'login',
        resource: 'v1',
        desired_level: 2,
        user_identifier: u.identifier,
        number_matching: true,
      });
      const id = String(created.headers.get('location')).split('/').pop() ?? '';
      expect(((await read(id)) as Matching).number_matching).toBe(false);
    } finally {
      await setNumberMatching(
        { db: state.t.store.db, audit: state.t.ctx.audit },
        state.t.customer.id,
        false,
      );
    }
  });
});
