import { callbackBinding, type Delivery, type DeliveryList } from '@svc/wire';
import { assertThat } from '../../../core/errors.js';
import type { Db } from '../../../core/store/index.js';
import type { OutboxTable } from '../../../core/store/schema.js';
import type { ConsoleDeps } from '../deps.js';
import { before, pageOf } from './newest-first.js';

/** The deliveries a customer's console shows: SMS carry a phone number and a code, so not them. */
const shownKinds = ['callback', 'push', 'ciba_ping'] as const;

/** Outbox rows with their attempts, as the console shows them. */
export async function deliveryViews(db: Db, rows: OutboxTable[]): Promise<Delivery[]> {
  const attempts = rows.length
    ? await db
        .selectFrom('outbox_attempts')
        .selectAll()
        .where(
          'outbox_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    target: row.kind === 'sms' ? 'SMS' : row.target,
    customer_id: row.customer_id,
    created_at: row.created_at,
    next_attempt_at: row.next_attempt_at,
    attempts: attempts
      .filter((a) => a.outbox_id === row.id)
      .map((a) => ({ at: a.at, outcome: a.outcome, duration_ms: a.duration_ms, error: a.error })),
    last_error: row.last_error,
    replay_of: row.replay_of,
  }));
}

/** The customer's callbacks, push wake-ups and CIBA pings, newest first; `after`: a page's last. */
export async function customerDeliveries(
  deps: ConsoleDeps,
  customerId: string,
  query: { after?: string | undefined; limit: number },
): Promise<DeliveryList> {
  let q = deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('kind', 'in', [...shownKinds]);
  if (query.after) q = q.where(before(query.after));
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, next } = pageOf(rows, query.limit);
  return {
    deliveries: await deliveryViews(deps.db, page),
    next_cursor: next,
  };
}

/**
 * A replay: one new item with the same receiver and content, delivered like any other (its own
 * attempts and retries). A callback is signed anew, so its JWT is fresh; the replay and what it
 * repeats are in the audit trail.
 */
export async function replayDelivery(
  deps: ConsoleDeps,
  customerId: string,
  id: string,
): Promise<Delivery> {
  const row = await deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('kind', 'in', [...shownKinds])
    .executeTakeFirst();
  assertThat(row, 'DELIVERY_NOT_FOUND');
  const sign = await deps.keys.prepare();
  let payload = JSON.parse(row.payload) as Record<string, unknown>;
  if (row.kind === 'callback') {
    const { jwt: _old, ...view } = payload;
    payload = { ...view, jwt: await sign({ ...view }, { header: callbackBinding(customerId) }) };
  }
  const replayId = await deps.db.transaction().execute(async (tx) => {
    const created = await deps.outbox.enqueue(tx, {
      kind: row.kind,
      target: row.target,
      payload,
      customerId,
      replayOf: row.id,
    });
    await deps.audit.record(tx, {
      action: 'delivery.replayed',
      customerId,
      targets: { delivery: created, replay_of: row.id },
      details: { kind: row.kind },
    });
    return created;
  });
  deps.outbox.notify();
  const replay = await deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('id', '=', replayId)
    .executeTakeFirstOrThrow();
  const [view] = await deliveryViews(deps.db, [replay]);
  if (!view) throw new Error('replay vanished');
  return view;
}
