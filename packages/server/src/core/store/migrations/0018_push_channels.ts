import type { Kysely, Migration } from 'kysely';

/**
 * Push channels: at most one per device (its Web Push subscription, FCM token or APNs token),
 * replaced whenever the device registers another. Each row has its own id, so a push service's
 * "gone" removes only the channel it was said of, never a newer one.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_channels')
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('device_identifier', 'text', (c) =>
        c.primaryKey().references('devices.identifier'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text')
      .addColumn('auth', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
