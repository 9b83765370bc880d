import type { Kysely, Migration } from 'kysely';

/**
 * Each outbox item names the customer it is for, so that the delivery worker can cap one
 * customer's deliveries in flight (a customer's hanging receivers hold its share of the slots,
 * not everyone's). Items written before (null) count together as one customer's until delivered.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').addColumn('customer_id', 'text').execute();
  },
};
