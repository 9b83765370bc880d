import { DeviceClient, RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { injectFetch, sweepOnce } from '../helpers.js';
import { useSvcficationApp } from '../svcfications.kit.js';

const { state, user, create } = useSvcficationApp({ allowInsecureCallbacks: true });

describe('background expiry is per row', () => {
  it("one customer's broken row is parked and counted; other tenants' expiries go on", async () => {
    const poisoned = await create({ desired_level: 1, user_identifier: (await user()).identifier });
    // A second customer, with a svcfication that expires after the broken one.
    const other = await state.t.newCustomer('other');
    const otherRp = new RpClient({
      baseUrl: 'http://svc',
      credentials: other.server_credentials,
      fetch: injectFetch(state.t.app),
      now: () => state.t.clock.now(),
    });
    const phone = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: other.sdk_credentials,
      fetch: injectFetch(state.t.app),
      now: () => state.t.clock.now(),
    });
    const binding = await otherRp.bindDevice((await phone.register()).identifier, 'bob');
    await otherRp.setBindingActive(binding.id, true);
    const healthy = (
      await otherRp.request<{ id: string }>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: 'bob',
        callback_url: 'http://127.0.0.1:9/callback',
      })
    ).body;
    await state.t.store.db
      .updateTable('svcfications')
      .set({ custom_fields: '{"not json' })
      .where('id', '=', poisoned.id)
      .execute();

    state.t.clock.advance(91_000);
    expect(await sweepOnce(state.t)).toBe(2);
    const statuses = await state.t.store.db
      .selectFrom('svcfications')
      .select(['id', 'status'])
      .where('id', 'in', [poisoned.id, healthy.id])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [poisoned.id]: 'IN_PROGRESS',
      [healthy.id]: 'EXPIRED',
    });
    const queued = await state.t.store.db
      .selectFrom('outbox')
      .select('target')
      .where('target', '=', 'http://127.0.0.1:9/callback')
      .execute();
    expect(queued).toHaveLength(1);

    const metrics = (await state.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('svc_background_failures_total{loop="svcfication-expiry"} 1');
  });
});
