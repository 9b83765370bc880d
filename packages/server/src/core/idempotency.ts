import type { Db } from './store/index.js';
import { compiled } from './store/compiled.js';
import { deleteExpired } from './store/purge.js';

/** A stored answer to replay: status, the headers that matter (content-type, location), body. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What claiming a key found: it is ours now, another request holds it, or it was answered. */
export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' }
  | { kind: 'answered'; response: StoredResponse };

export interface ClaimRequest {
  customerId: string;
  key: string;
  /** Random per request: only its maker stores or releases a claim. */
  claim: string;
  fingerprint: string;
  expiresAt: Date;
  now: Date;
  /** A claim older than this with no answer is taken over (its process died mid-request). */
  leaseMs: number;
}

type ClaimRow = Pick<ClaimRequest, 'customerId' | 'key' | 'claim' | 'fingerprint'> & {
  expiresAt: string;
  now: string;
};

const insertClaimRow = compiled((db, v: ClaimRow) =>
  db
    .insertInto('idempotency')
    .values({
      customer_id: v.customerId,
      key: v.key,
      claim: v.claim,
      fingerprint: v.fingerprint,
      status: null,
      headers: null,
      body: null,
      expires_at: v.expiresAt,
      created_at: v.now,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing()),
);

async function insertClaim(db: Db, r: ClaimRequest): Promise<boolean> {
  const { customerId, key, claim, fingerprint } = r;
  const times = { expiresAt: r.expiresAt.toISOString(), now: r.now.toISOString() };
  return (await insertClaimRow.affected(db, { customerId, key, claim, fingerprint, ...times })) > 0;
}

/**
 * Claims a write before it runs (svc's uniqueness idiom: INSERT … ON CONFLICT DO NOTHING); one
 * statement for a new key. A row on file that expired, or an unanswered one past its lease (its
 * process died mid-request), is cleared and the claim tried once more.
 */
export async function claimKey(db: Db, r: ClaimRequest): Promise<ClaimResult> {
  if (await insertClaim(db, r)) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency')
    .select(['claim', 'fingerprint', 'status', 'headers', 'body', 'expires_at', 'created_at'])
    .where('customer_id', '=', r.customerId)
    .where('key', '=', r.key)
    .executeTakeFirst();
  // Gone between the insert and the read: its maker released it; the client may retry.
  if (!row) return { kind: 'in-progress' };
  const stale = new Date(r.now.getTime() - r.leaseMs).toISOString();
  if (row.expires_at < r.now.toISOString() || (row.status === null && row.created_at < stale)) {
    await releaseKey(db, { customerId: r.customerId, key: r.key, claim: row.claim });
    return (await insertClaim(db, r)) ? { kind: 'claimed' } : { kind: 'in-progress' };
  }
  if (row.status === null) return { kind: 'in-progress' };
  if (row.fingerprint !== r.fingerprint) return { kind: 'mismatch' };
  const headers = JSON.parse(row.headers ?? '{}') as Record<string, string>;
  return { kind: 'answered', response: { status: row.status, headers, body: row.body ?? '' } };
}

type Owned = Pick<ClaimRequest, 'customerId' | 'key' | 'claim'>;

const updateAnswer = compiled((db, v: Owned & { status: number; headers: string; body: string }) =>
  db
    .updateTable('idempotency')
    .set({ status: v.status, headers: v.headers, body: v.body })
    .where('customer_id', '=', v.customerId)
    .where('key', '=', v.key)
    .where('claim', '=', v.claim),
);

/** Stores the answer of the claiming request, for its replays. */
export async function storeResponse(db: Db, c: Owned, response: StoredResponse): Promise<void> {
  const answer = { ...response, headers: JSON.stringify(response.headers) };
  await updateAnswer.affected(db, { ...c, ...answer });
}

/** Drops a claim whose request did not run to an answer worth keeping, so a retry may run. */
export async function releaseKey(db: Db, c: Owned): Promise<void> {
  await db
    .deleteFrom('idempotency')
    .where('customer_id', '=', c.customerId)
    .where('key', '=', c.key)
    .where('claim', '=', c.claim)
    .execute();
}

export async function purgeIdempotency(db: Db, now: Date): Promise<void> {
  await deleteExpired(db, { table: 'idempotency', column: 'expires_at' }, now.toISOString());
}
