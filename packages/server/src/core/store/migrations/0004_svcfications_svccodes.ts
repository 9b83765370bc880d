import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('svcfications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('desired_level', 'integer', (c) => c.notNull())
      .addColumn('target_device', 'text')
      .addColumn('target_user_id', 'text')
      .addColumn('user_identifier', 'text')
      .addColumn('svc_id', 'text')
      .addColumn('device_identifier', 'text')
      .addColumn('callback_url', 'text')
      .addColumn('custom_fields', 'text')
      .addColumn('prompt', 'integer', (c) => c.notNull())
      .addColumn('user_presence', 'integer', (c) => c.notNull())
      .addColumn('show_identity_document', 'integer', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('legacy', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('svcfications_open')
      .on('svcfications')
      .columns(['status', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('svcfications_history')
      .on('svcfications')
      .columns(['customer_id', 'user_identifier', 'created_at'])
      .execute();
    await db.schema
      .createTable('svccodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('paired_device', 'text')
      .addColumn('paired_at', 'text')
      .addColumn('retrieved_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
