import type { Kysely, Migration } from 'kysely';

/**
 * WebAuthn presence credentials: at most one per device, the passkey a web app proves the user's
 * presence with at level 2. Registering another replaces it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('presence_credentials')
      .addColumn('device_identifier', 'text', (c) =>
        c.primaryKey().references('devices.identifier'),
      )
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'integer', (c) => c.notNull())
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
