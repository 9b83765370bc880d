import { compiled } from '../../core/store/compiled.js';
import type { Db } from '../../core/store/index.js';
import type { SvcficationsTable } from '../../core/store/schema.js';

export type SvcficationRow = SvcficationsTable & { relying_party: string };

function selectSvcfications(db: Db) {
  return db
    .selectFrom('svcfications')
    .innerJoin('customers', 'customers.id', 'svcfications.customer_id')
    .selectAll('svcfications')
    .select('customers.name as relying_party');
}

const svcficationById = compiled((db, v: { customerId: string; id: string }) =>
  selectSvcfications(db)
    .where('svcfications.customer_id', '=', v.customerId)
    .where('svcfications.id', '=', v.id),
);

export function findSvcfication(
  db: Db,
  customerId: string,
  id: string,
): Promise<SvcficationRow | undefined> {
  return svcficationById.first(db, { customerId, id });
}

export async function insertSvcfication(db: Db, row: SvcficationsTable): Promise<void> {
  await db.insertInto('svcfications').values(row).execute();
}

type Closing = Pick<SvcficationsTable, 'status' | 'result' | 'reject_reason' | 'updated_at'> & {
  customerId: string;
  id: string;
};

/** Closes an open svcfication as of `updated_at`: before its expiry, or (EXPIRED) after it. */
const closeOpen = (beforeExpiry: boolean) =>
  compiled((db, v: Closing) =>
    db
      .updateTable('svcfications')
      .set({
        status: v.status,
        result: v.result,
        reject_reason: v.reject_reason,
        updated_at: v.updated_at,
      })
      .where('customer_id', '=', v.customerId)
      .where('id', '=', v.id)
      .where('status', '=', 'IN_PROGRESS')
      .where('expires_at', beforeExpiry ? '>' : '<=', v.updated_at),
  );
const closeBeforeExpiry = closeOpen(true);
const closeAtExpiry = closeOpen(false);

/**
 * Writes the final status of a svcfication that is still IN_PROGRESS (and, for EXPIRED, past its
 * expiry; for any other status, not yet past it). False when it was not open: exactly one of
 * concurrent closings wins.
 */
export async function closeSvcfication(
  db: Db,
  customerId: string,
  id: string,
  change: Pick<SvcficationsTable, 'status' | 'result' | 'reject_reason' | 'updated_at'>,
): Promise<boolean> {
  const close = change.status === 'EXPIRED' ? closeAtExpiry : closeBeforeExpiry;
  return (await close.affected(db, { ...change, customerId, id })) === 1;
}

/** History of one RP identifier, newest first; `before` pages by creation time. */
export function historyOf(
  db: Db,
  customerId: string,
  query: { user_identifier: string; limit: number; before?: string },
): Promise<SvcficationRow[]> {
  let q = selectSvcfications(db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.user_identifier', '=', query.user_identifier);
  if (query.before) q = q.where('svcfications.created_at', '<', query.before);
  return q
    .orderBy('svcfications.created_at', 'desc')
    .orderBy('svcfications.id', 'desc')
    .limit(query.limit)
    .execute();
}

/**
 * The oldest open svcfication addressed to a device: the SQL form of `isAddressedTo`
 * (addressing.ts) — directly, to its user, or to an identifier it is actively bound to.
 */
export function oldestOpenFor(
  db: Db,
  customerId: string,
  device: { identifier: string; user_id: string },
  identifiers: string[],
  now: string,
): Promise<SvcficationRow | undefined> {
  return selectSvcfications(db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.status', '=', 'IN_PROGRESS')
    .where('svcfications.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('svcfications.target_device', '=', device.identifier),
        eb.and([
          eb('svcfications.target_device', 'is', null),
          eb('svcfications.target_user_id', '=', device.user_id),
        ]),
        ...(identifiers.length > 0
          ? [
              eb.and([
                eb('svcfications.target_device', 'is', null),
                eb('svcfications.target_user_id', 'is', null),
                eb('svcfications.user_identifier', 'in', identifiers),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('svcfications.created_at')
    .orderBy('svcfications.id')
    .executeTakeFirst();
}

/** Open svcfications past their expiry, a batch at a time. */
export function dueForExpiry(
  db: Db,
  now: string,
  limit: number,
): Promise<{ id: string; customer_id: string }[]> {
  return db
    .selectFrom('svcfications')
    .select(['id', 'customer_id'])
    .where('status', '=', 'IN_PROGRESS')
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
}

/** The customer's number-matching setting. */
export async function numberMatchingDefault(db: Db, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('number_matching')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.number_matching === 1;
}
