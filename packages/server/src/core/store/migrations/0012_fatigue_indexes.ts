import type { Kysely, Migration } from 'kysely';

/**
 * Creating a svcfication checks its subject's open svcfications and latest fraud report. With only
 * `svcfications_subject` each check walked the subject's whole history, longer with every
 * svcfication; with these each is a seek, whatever the history. The rejections index is partial
 * (only rejected svcfications) on `is not null` alone: a partial index whose condition names a
 * value makes SQLite prepare anew, on every run, each statement that binds that column.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('svcfications_subject_status')
      .on('svcfications')
      .columns(['customer_id', 'subject', 'status', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('svcfications_rejections')
      .on('svcfications')
      .columns(['customer_id', 'subject', 'reject_reason', 'updated_at'])
      .where('reject_reason', 'is not', null)
      .execute();
  },
};
