import type { Kysely, Migration } from 'kysely';

/**
 * A device's `next` looks for the open svcfications of one customer: an index that starts with the
 * customer, so one customer's backlog (or a million stored svcfications) never slows another's.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('svcfications_open_by_customer')
      .on('svcfications')
      .columns(['customer_id', 'status', 'expires_at'])
      .execute();
  },
};
