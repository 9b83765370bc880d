import type { Db } from '../store/index.js';
import type { DueItem } from './slots.js';

/** Items a page of due items leaves out, since a worker would only pass them over. */
export interface PassedOver {
  /** The targets of hosts at their cap. */
  targets: string[];
  /** The customers at their cap; null: the items of no customer. */
  customers: (string | null)[];
}

/**
 * Up to `limit` pending items due at `now`, in (next attempt, id) order after `after`, without
 * those passed over: a hanging receiver's or customer's backlog is not read again on every fill.
 */
export function duePage(
  db: Db,
  page: { now: string; after: DueItem | undefined; limit: number },
  without: PassedOver,
): Promise<DueItem[]> {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'kind', 'target', 'customer_id', 'next_attempt_at'])
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', page.now);
  if (without.targets.length > 0) query = query.where('target', 'not in', without.targets);
  const customers = without.customers.filter((c) => c !== null);
  const noCustomer = customers.length < without.customers.length;
  if (noCustomer) query = query.where('customer_id', 'is not', null);
  // `not in` alone would also leave out the items of no customer (null is never "not in").
  if (customers.length > 0)
    query = query.where((eb) =>
      noCustomer
        ? eb('customer_id', 'not in', customers)
        : eb.or([eb('customer_id', 'is', null), eb('customer_id', 'not in', customers)]),
    );
  const { after } = page;
  if (after) {
    const cursor = [after.next_attempt_at, after.id] as const;
    query = query.where((eb) => eb(eb.refTuple('next_attempt_at', 'id'), '>', eb.tuple(...cursor)));
  }
  return query.orderBy('next_attempt_at').orderBy('id').limit(page.limit).execute();
}
