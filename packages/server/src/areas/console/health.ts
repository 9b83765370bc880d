import type { ConsoleHealth, ConsoleMetrics, Delivery } from '@svc/wire';
import type { Histogram } from 'prom-client';
import { assertThat } from '../../core/errors.js';
import { deliveryWindowMs } from '../../core/outbox/index.js';
import type { ConsoleDeps } from './deps.js';
import { deliveryViews } from './customer/deliveries.js';

/**
 * What an operator watches: the outbox by kind and state, the items that gave up (newest 50),
 * and the push wake-ups failing now (dead, or retrying after a failed attempt) by provider.
 */
export async function health(deps: ConsoleDeps): Promise<ConsoleHealth> {
  const counts = await deps.db
    .selectFrom('outbox')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['kind', 'state'])
    .orderBy('kind')
    .orderBy('state')
    .execute();
  const dead = await deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('state', '=', 'dead')
    .orderBy('next_attempt_at', 'desc')
    .limit(50)
    .execute();
  const push = await deps.db
    .selectFrom('outbox')
    .select(['target', (eb) => eb.fn.countAll<number>().as('count')])
    .where('kind', '=', 'push')
    .where((eb) =>
      eb.or([
        eb('state', '=', 'dead'),
        eb.and([eb('state', '=', 'pending'), eb('attempts', '>', 0)]),
      ]),
    )
    .groupBy('target')
    .orderBy('target')
    .execute();
  return {
    outbox: counts.map((c) => ({ ...c, count: Number(c.count) })),
    parked: await deliveryViews(deps.db, dead),
    push_failures: push.map((p) => ({ channel: p.target, count: Number(p.count) })),
  };
}

/** A parked item, given another delivery window from now (audited). */
export async function retryDelivery(deps: ConsoleDeps, id: string): Promise<Delivery> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('outbox')
      .set({
        state: 'pending',
        next_attempt_at: now.toISOString(),
        give_up_at: new Date(now.getTime() + deliveryWindowMs).toISOString(),
      })
      .where('id', '=', id)
      .where('state', '=', 'dead')
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const exists = await tx
        .selectFrom('outbox')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      assertThat(exists, 'DELIVERY_NOT_FOUND');
      assertThat(false, 'DELIVERY_NOT_PARKED');
    }
    await deps.audit.record(tx, {
      action: 'delivery.retried',
      customerId: updated.customer_id,
      targets: { delivery: id },
      details: { kind: updated.kind },
    });
    return updated;
  });
  deps.outbox.notify();
  const [view] = await deliveryViews(deps.db, [row]);
  if (!view) throw new Error('retried item vanished');
  return view;
}

/**
 * svc's request counters as they are now, by status class: requests and seconds spent since the
 * process started. The page takes a sample every few seconds and draws the differences.
 */
export async function requestMetrics(deps: ConsoleDeps): Promise<ConsoleMetrics> {
  const histogram = deps.metrics.registry.getSingleMetric('svc_http_request_duration_seconds') as
    Histogram | undefined;
  const byClass = new Map<string, { count: number; seconds: number }>();
  for (const value of (await histogram?.get())?.values ?? []) {
    const name = value.metricName ?? '';
    if (!name.endsWith('_count') && !name.endsWith('_sum')) continue;
    const outcome = `${String(value.labels.status ?? '').slice(0, 1)}xx`;
    const entry = byClass.get(outcome) ?? { count: 0, seconds: 0 };
    if (name.endsWith('_count')) entry.count += value.value;
    else entry.seconds += value.value;
    byClass.set(outcome, entry);
  }
  return {
    at: deps.clock.now().toISOString(),
    requests: [...byClass].sort().map(([outcome, v]) => ({ outcome, ...v })),
  };
}
