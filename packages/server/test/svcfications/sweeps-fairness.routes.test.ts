import { randomUUID } from 'node:crypto';
import { DeviceClient, RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { expirySweeps } from '../../src/worker.js';
import { injectFetch } from '../helpers.js';
import { useSvcficationApp } from '../svcfications.kit.js';

const { state, user, create } = useSvcficationApp({ allowInsecureCallbacks: true });

/** A svcfication of a second customer, to a device of its own. */
async function otherCustomersSvcfication(): Promise<string> {
  const { t } = state;
  const other = await t.newCustomer('other');
  const clients = { baseUrl: 'http://svc', fetch: injectFetch(t.app), now: () => t.clock.now() };
  const rp = new RpClient({ ...clients, credentials: other.server_credentials });
  const phone = new DeviceClient({ ...clients, credentials: other.sdk_credentials });
  const binding = await rp.bindDevice((await phone.register()).identifier, 'bob');
  await rp.setBindingActive(binding.id, true);
  const created = await rp.request<{ id: string }>('POST', '/api/v2/svcfications', {
    action: 'login',
    resource: 'web',
    desired_level: 1,
    user_identifier: 'bob',
  });
  return created.body.id;
}

/** Makes `count` svcfications of the first customer that fail to complete (and so are parked). */
async function poisonedSvcfications(count: number): Promise<void> {
  const { db } = state.t.store;
  const { id } = await create({ desired_level: 1, user_identifier: (await user()).identifier });
  const row = await db
    .selectFrom('svcfications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('svcfications').where('id', '=', id).execute();
  const clones = Array.from({ length: count }, () => ({
    ...row,
    id: randomUUID(),
    custom_fields: '{"not json',
  }));
  for (let i = 0; i < clones.length; i += 200)
    await db
      .insertInto('svcfications')
      .values(clones.slice(i, i + 200))
      .execute();
}

describe('background expiry is fair', () => {
  it("1,200 failing rows of one customer do not keep another customer's expiry waiting", async () => {
    await poisonedSvcfications(1200);
    state.t.clock.advance(1_000); // the healthy one expires after all of them
    const healthy = await otherCustomersSvcfication();
    state.t.clock.advance(91_000);

    const pass = expirySweeps(state.t.ctx, { error: () => undefined });
    for (let i = 0; i < 10; i += 1) await pass();

    const statuses = await state.t.store.db
      .selectFrom('svcfications')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', '!=', healthy)
      .groupBy('status')
      .execute();
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['IN_PROGRESS', 1200]]);
    const other = await state.t.store.db
      .selectFrom('svcfications')
      .select('status')
      .where('id', '=', healthy)
      .executeTakeFirstOrThrow();
    expect(other.status).toBe('EXPIRED');
    // Each broken row was tried once: parked since (the clock stood still).
    const metrics = (await state.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('svc_background_failures_total{loop="svcfication-expiry"} 1200');
  });
});
