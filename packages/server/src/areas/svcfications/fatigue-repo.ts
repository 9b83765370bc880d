import type { Db } from '../../core/store/index.js';

/** The expiry of the subject's open svcfications, soonest first. */
export async function openExpiries(
  db: Db,
  customerId: string,
  subject: string,
  now: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('svcfications')
    .select('expires_at')
    .where('customer_id', '=', customerId)
    .where('subject', '=', subject)
    .where('status', '=', 'IN_PROGRESS')
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .execute();
  return rows.map((r) => r.expires_at);
}

/** When the subject's svcfications created since `since` were created, oldest first. */
export async function createdSince(
  db: Db,
  customerId: string,
  subject: string,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('svcfications')
    .select('created_at')
    .where('customer_id', '=', customerId)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** When the subject's latest fraud report since `since` was made, if any. */
export async function lastFraudReport(
  db: Db,
  customerId: string,
  subject: string,
  since: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('svcfications')
    .select('updated_at')
    .where('customer_id', '=', customerId)
    .where('subject', '=', subject)
    .where('reject_reason', '=', 'fraud')
    .where('updated_at', '>', since)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.updated_at ?? null;
}
