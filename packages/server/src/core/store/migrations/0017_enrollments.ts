import type { Kysely, Migration } from 'kysely';

/**
 * Enrollments: single-use links an RP makes for one of its user identifiers, redeemed by a phone
 * (registered, bound and active in one step). Only the code's SHA-256 is kept. Device credentials
 * are credentials rows that name the one device they speak for (null for every customer-wide
 * kind), so deleting a device's rows revokes them.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('enrollments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('user_identifier', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('callback_url', 'text')
      .addColumn('device_identifier', 'text')
      .addColumn('enrolled_at', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('enrollments_expiry')
      .on('enrollments')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('credentials').addColumn('device_identifier', 'text').execute();
    await db.schema
      .createIndex('credentials_device')
      .on('credentials')
      .column('device_identifier')
      .where('device_identifier', 'is not', null)
      .execute();
  },
};
