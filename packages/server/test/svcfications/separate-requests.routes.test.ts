import { describe, expect, it } from 'vitest';
import { bodyOf, rpClient, status, useSvcficationApp, type Svc } from '../svcfications.kit.js';

// The clock stands still in route tests: two calls of the RP client send byte-identical signed
// requests (same body, Date and signature), as two browser tabs of one user can within a second.
const { state, user, create } = useSvcficationApp();

type Matching = Svc & { match_number?: number | null };

describe('two separate requests are two requests', () => {
  it('two identical logins create two svcfications, each with its own match number', async () => {
    const u = await user();
    const body = { desired_level: 2, user_identifier: u.identifier, number_matching: true };
    const [first, second] = (await Promise.all([create(body), create(body)])) as Matching[];
    expect(first?.id).not.toBe(second?.id);
    expect(first?.match_number).toEqual(expect.any(Number));
    expect(second?.match_number).toEqual(expect.any(Number));
    const third = (await create(body)) as Matching;
    expect(new Set([first?.id, second?.id, third.id]).size).toBe(3);
  });

  it('a retry after a 424 runs again once the cause is fixed', async () => {
    const u = await user({ document: false });
    const body = { desired_level: 3, user_identifier: u.identifier };
    expect(await bodyOf(create(body))).toMatchObject({ error: 'NO_DOCUMENTS' });
    await u.device.registerDocument({ hash: u.docHash });
    expect((await create(body)).status).toBe('IN_PROGRESS');
  });
});

describe('Idempotency-Key on a svcfication', () => {
  const keyed = (key: string, body: Record<string, unknown>) =>
    state.rp.request<Svc>(
      'POST',
      '/api/v2/svcfications',
      { action: 'login', resource: 'web', ...body },
      { 'idempotency-key': key },
    );

  it('a repeat answers the first success; a refusal is not kept', async () => {
    const u = await user({ document: false });
    const level3 = { desired_level: 3, user_identifier: u.identifier };
    expect(await status(keyed('tab-1', level3))).toBe(424);
    await u.device.registerDocument({ hash: u.docHash });
    const first = await keyed('tab-1', level3);
    expect(first.status).toBe(201);
    const again = await keyed('tab-1', level3);
    expect(again.body.id).toBe(first.body.id);
    // Another body under the key is refused.
    expect(await bodyOf(keyed('tab-1', { ...level3, desired_level: 2 }))).toMatchObject({
      error: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it("is the caller's own: another customer's same key runs its own request", async () => {
    const u = await user();
    const body = {
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: u.identifier,
    };
    expect((await keyed('shared-key', body)).status).toBe(201);
    const other = rpClient(state.t, (await state.t.newCustomer('Other')).server_credentials);
    // Not the first customer's answer: this customer has no such user.
    const theirs = other.request('POST', '/api/v2/svcfications', body, {
      'idempotency-key': 'shared-key',
    });
    expect(await status(theirs)).toBe(422);
  });
});
