import type {
  ConsoleDocumentList,
  ConsoleSvcficationList,
  ConsoleUserList,
  SvcficationStatus,
} from '@svc/wire';
import type { ConsoleDeps } from '../deps.js';
import { before, pageOf } from './newest-first.js';

/**
 * The customer's user identifiers in order, a page at a time, each with the devices bound to it:
 * the device's state and the binding's, and the device's push channel type.
 */
export async function listUsers(
  deps: ConsoleDeps,
  customerId: string,
  query: { after?: string | undefined; limit: number },
): Promise<ConsoleUserList> {
  let q = deps.db
    .selectFrom('user_identifiers')
    .select(['identifier', 'created_at'])
    .where('customer_id', '=', customerId);
  if (query.after) q = q.where('identifier', '>', query.after);
  const rows = await q
    .orderBy('identifier')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const bound = page.length
    ? await deps.db
        .selectFrom('user_devices as b')
        .innerJoin('devices as d', (j) =>
          j
            .onRef('d.identifier', '=', 'b.device_identifier')
            .onRef('d.customer_id', '=', 'b.customer_id'),
        )
        .leftJoin('push_channels as p', 'p.device_identifier', 'd.identifier')
        .select([
          'b.id',
          'b.user_identifier',
          'b.active as binding_active',
          'd.identifier',
          'd.device_platform',
          'd.active as device_active',
          'p.type as push_type',
        ])
        .where('b.customer_id', '=', customerId)
        .where(
          'b.user_identifier',
          'in',
          page.map((r) => r.identifier),
        )
        .orderBy('b.created_at')
        .execute()
    : [];
  return {
    users: page.map((r) => ({
      user_identifier: r.identifier,
      created_at: r.created_at,
      devices: bound
        .filter((b) => b.user_identifier === r.identifier)
        .map((b) => ({
          binding_id: b.id,
          device_identifier: b.identifier,
          device_platform: b.device_platform,
          device_active: b.device_active === 1,
          binding_active: b.binding_active === 1,
          push_channel: b.push_type ?? null,
        })),
    })),
    next_cursor: rows.length > query.limit ? (page.at(-1)?.identifier ?? null) : null,
  };
}

/** The customer's svcfications, newest first, by status and user identifier when asked. */
export async function listSvcfications(
  deps: ConsoleDeps,
  customerId: string,
  query: {
    after?: string | undefined;
    limit: number;
    status?: SvcficationStatus | undefined;
    user_identifier?: string | undefined;
  },
): Promise<ConsoleSvcficationList> {
  const now = deps.clock.now().toISOString();
  let q = deps.db
    .selectFrom('svcfications')
    .select([
      'id',
      'status',
      'action',
      'resource',
      'user_identifier',
      'desired_level',
      'created_at',
      'expires_at',
    ])
    .where('customer_id', '=', customerId);
  if (query.user_identifier) q = q.where('user_identifier', '=', query.user_identifier);
  // IN_PROGRESS past its expiry reads EXPIRED (the spec's status), here as everywhere.
  if (query.status === 'EXPIRED')
    q = q.where((eb) =>
      eb.or([
        eb('status', '=', 'EXPIRED'),
        eb.and([eb('status', '=', 'IN_PROGRESS'), eb('expires_at', '<=', now)]),
      ]),
    );
  else if (query.status === 'IN_PROGRESS')
    q = q.where('status', '=', 'IN_PROGRESS').where('expires_at', '>', now);
  else if (query.status) q = q.where('status', '=', query.status);
  if (query.after) q = q.where(before(query.after));
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, next } = pageOf(rows, query.limit);
  return {
    svcfications: page.map((r) => ({
      ...r,
      status: r.status === 'IN_PROGRESS' && r.expires_at <= now ? 'EXPIRED' : r.status,
    })),
    next_cursor: next,
  };
}

/** The customer's identity documents, newest first: hash and status only (all svc keeps). */
export async function listDocuments(
  deps: ConsoleDeps,
  customerId: string,
  query: { after?: string | undefined; limit: number },
): Promise<ConsoleDocumentList> {
  let q = deps.db
    .selectFrom('identity_documents as d')
    .leftJoin('user_identifiers as u', (j) =>
      j.onRef('u.user_id', '=', 'd.user_id').onRef('u.customer_id', '=', 'd.customer_id'),
    )
    .select([
      'd.id',
      'u.identifier as user_identifier',
      'd.hash',
      'd.verification_status',
      'd.verified_at',
      'd.created_at',
    ])
    .where('d.customer_id', '=', customerId);
  if (query.after) q = q.where(before(query.after, 'd.'));
  const rows = await q
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, next } = pageOf(rows, query.limit);
  return { documents: page, next_cursor: next };
}
