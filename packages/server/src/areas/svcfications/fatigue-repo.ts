import { sql } from 'kysely';
import { compiled, limitOne } from '../../core/store/compiled.js';
import { onPostgres, type Db } from '../../core/store/index.js';

type OfSubject = { customerId: string; subject: string; since: string };

const openExpiriesOf = compiled((db, v: OfSubject) =>
  db
    .selectFrom('svcfications')
    .select('expires_at')
    .where('customer_id', '=', v.customerId)
    .where('subject', '=', v.subject)
    .where('status', '=', 'IN_PROGRESS')
    .where('expires_at', '>', v.since)
    .orderBy('expires_at'),
);

/** The expiry of the subject's open svcfications, soonest first. */
export async function openExpiries(
  db: Db,
  customerId: string,
  subject: string,
  now: string,
): Promise<string[]> {
  const rows = await openExpiriesOf.all(db, { customerId, subject, since: now });
  return rows.map((r) => r.expires_at);
}

const createdSinceOf = compiled((db, v: OfSubject) =>
  db
    .selectFrom('svcfications')
    .select('created_at')
    .where('customer_id', '=', v.customerId)
    .where('subject', '=', v.subject)
    .where('created_at', '>', v.since)
    .orderBy('created_at'),
);

/** When the subject's svcfications created since `since` were created, oldest first. */
export async function createdSince(
  db: Db,
  customerId: string,
  subject: string,
  since: string,
): Promise<string[]> {
  const rows = await createdSinceOf.all(db, { customerId, subject, since });
  return rows.map((r) => r.created_at);
}

const lastFraudReportOf = compiled((db, v: OfSubject) =>
  db
    .selectFrom('svcfications')
    .select('updated_at')
    .where('customer_id', '=', v.customerId)
    .where('subject', '=', v.subject)
    .where('reject_reason', '=', 'fraud')
    .where('updated_at', '>', v.since)
    .orderBy('updated_at', 'desc')
    .limit(limitOne),
);

/** When the subject's latest fraud report since `since` was made, if any. */
export async function lastFraudReport(
  db: Db,
  customerId: string,
  subject: string,
  since: string,
): Promise<string | null> {
  return (await lastFraudReportOf.first(db, { customerId, subject, since }))?.updated_at ?? null;
}

/**
 * Inside `tx`, waits until no other transaction counts or creates for this subject. PostgreSQL: a
 * transaction-scoped advisory lock on the subject's hash; SQLite: nothing more, its transaction
 * already holds the one write lock (BEGIN IMMEDIATE) and the connection until it ends.
 */
export async function lockSubject(tx: Db, customerId: string, subject: string): Promise<void> {
  if (!onPostgres(tx)) return;
  const key = `svcfication-subject\n${customerId}\n${subject}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}
