import { compiled, limitOne } from '../../core/store/compiled.js';
import type { Db } from '../../core/store/index.js';
import type { SvcficationsTable } from '../../core/store/schema.js';
import type { SweepCursor } from '../../core/sweeper.js';

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

/** Every column, so that the insert is compiled once with all of them. */
const columns: { [K in keyof SvcficationsTable]-?: K } = {
  id: 'id',
  customer_id: 'customer_id',
  status: 'status',
  action: 'action',
  resource: 'resource',
  desired_level: 'desired_level',
  target_device: 'target_device',
  target_user_id: 'target_user_id',
  user_identifier: 'user_identifier',
  svc_id: 'svc_id',
  device_identifier: 'device_identifier',
  callback_url: 'callback_url',
  custom_fields: 'custom_fields',
  prompt: 'prompt',
  user_presence: 'user_presence',
  show_identity_document: 'show_identity_document',
  result: 'result',
  legacy: 'legacy',
  match_number: 'match_number',
  match_candidates: 'match_candidates',
  subject: 'subject',
  reject_reason: 'reject_reason',
  expires_at: 'expires_at',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

const insertRow = compiled((db, v: { [K in keyof SvcficationsTable]: SvcficationsTable[K] }) =>
  db
    .insertInto('svcfications')
    .values(
      Object.fromEntries(
        Object.values(columns).map((c) => [c, v[c]]),
      ) as unknown as SvcficationsTable,
    ),
);

export async function insertSvcfication(db: Db, row: SvcficationsTable): Promise<void> {
  await insertRow.affected(db, { ...row });
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

/**
 * History of one RP identifier in (created_at, id) order, newest first: those created before
 * `before`, or at `before` with an id below `beforeId`. A range of the index
 * `svcfications_history` (customer_id, user_identifier, created_at).
 */
export function historyOf(
  db: Db,
  customerId: string,
  query: { user_identifier: string; limit: number; before?: string; beforeId?: string },
): Promise<SvcficationRow[]> {
  const { before, beforeId } = query;
  let q = selectSvcfications(db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.user_identifier', '=', query.user_identifier);
  if (before !== undefined && beforeId !== undefined)
    q = q
      .where('svcfications.created_at', '<=', before)
      .where((eb) =>
        eb.or([eb('svcfications.created_at', '<', before), eb('svcfications.id', '<', beforeId)]),
      );
  else if (before !== undefined) q = q.where('svcfications.created_at', '<', before);
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
  const values: OpenFor = { customerId, now, device: device.identifier, user: device.user_id };
  identifiers.forEach((identifier, i) => (values[`bound${i}`] = identifier));
  return openForShape(identifiers.length).first(db, values);
}

/**
 * The query of `oldestOpenFor` for a number of identifiers, compiled once per number (a device is
 * bound once per customer: in practice none or one).
 */
const openForShapes = new Map<number, ReturnType<typeof openForQuery>>();
type OpenFor = {
  customerId: string;
  now: string;
  device: string;
  user: string;
  [bound: `bound${number}`]: string;
};
function openForShape(count: number) {
  let shape = openForShapes.get(count);
  if (!shape) openForShapes.set(count, (shape = openForQuery(count)));
  return shape;
}

function openForQuery(count: number) {
  return compiled((db, v: OpenFor) =>
    selectSvcfications(db)
      .where('svcfications.customer_id', '=', v.customerId)
      .where('svcfications.status', '=', 'IN_PROGRESS')
      .where('svcfications.expires_at', '>', v.now)
      .where((eb) =>
        eb.or([
          eb('svcfications.target_device', '=', v.device),
          eb.and([
            eb('svcfications.target_device', 'is', null),
            eb('svcfications.target_user_id', '=', v.user),
          ]),
          ...(count > 0
            ? [
                eb.and([
                  eb('svcfications.target_device', 'is', null),
                  eb('svcfications.target_user_id', 'is', null),
                  eb(
                    'svcfications.user_identifier',
                    'in',
                    Array.from({ length: count }, (_, i) => v[`bound${i}`] ?? ''),
                  ),
                ]),
              ]
            : []),
        ]),
      )
      .orderBy('svcfications.created_at')
      .orderBy('svcfications.id')
      .limit(limitOne),
  );
}

/**
 * Open svcfications past their expiry, after `after` in (expires_at, id) order, a batch at a time:
 * a range of the (status, expires_at) index `svcfications_open`.
 */
export function dueForExpiry(
  db: Db,
  now: string,
  limit: number,
  after: SweepCursor,
): Promise<SvcficationRow[]> {
  return selectSvcfications(db)
    .where('svcfications.status', '=', 'IN_PROGRESS')
    .where('svcfications.expires_at', '>=', after.expires_at)
    .where('svcfications.expires_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('svcfications.expires_at', '>', after.expires_at),
        eb('svcfications.id', '>', after.id),
      ]),
    )
    .orderBy('svcfications.expires_at')
    .orderBy('svcfications.id')
    .limit(limit)
    .execute();
}

const relyingPartyOf = compiled((db, v: { customerId: string }) =>
  db.selectFrom('customers').select(['name', 'number_matching']).where('id', '=', v.customerId),
);

/** The customer as its svcfications show it (`relying_party`), with its number-matching default. */
export async function relyingParty(
  db: Db,
  customerId: string,
): Promise<{ name: string; numberMatching: boolean }> {
  const customer = await relyingPartyOf.first(db, { customerId });
  if (!customer) throw new Error(`customer ${customerId} vanished`);
  return { name: customer.name, numberMatching: customer.number_matching === 1 };
}
