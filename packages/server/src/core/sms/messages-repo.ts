import type { Db } from '../store/index.js';
import type { SmsMessagesTable } from '../store/schema.js';

export type StoredSms = SmsMessagesTable;

/** Keyed by the outbox item's id, so a retried delivery is stored once. */
export async function insertSmsOnce(db: Db, row: StoredSms): Promise<void> {
  await db
    .insertInto('sms_messages')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The newest messages the log provider kept, newest first. */
export async function listSms(db: Db, limit: number): Promise<StoredSms[]> {
  return db
    .selectFrom('sms_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
