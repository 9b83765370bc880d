import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('devices')
      .addColumn('identifier', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('thumbprint', 'text', (c) => c.notNull())
      .addColumn('device_public_key', 'text', (c) => c.notNull())
      .addColumn('auth_public_key', 'text')
      .addColumn('secondary_auth_public_key', 'text')
      .addColumn('device_platform', 'text', (c) => c.notNull())
      .addColumn('bundle_id', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activated_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('devices_customer_thumbprint', ['customer_id', 'thumbprint'])
      .execute();
    await db.schema.createIndex('devices_user').on('devices').column('user_id').execute();
    await db.schema
      .createTable('user_identifiers')
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_identifiers_pk', ['customer_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('user_identifiers_identifier')
      .on('user_identifiers')
      .columns(['customer_id', 'identifier'])
      .execute();
    await db.schema
      .createTable('user_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('device_identifier', 'text', (c) => c.notNull().references('devices.identifier'))
      .addColumn('user_identifier', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activated_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('user_devices_customer_device', ['customer_id', 'device_identifier'])
      .execute();
    await db.schema
      .createIndex('user_devices_user')
      .on('user_devices')
      .columns(['customer_id', 'user_identifier'])
      .execute();
    await db.schema
      .createTable('identity_documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('verification_status', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('identity_documents_user')
      .on('identity_documents')
      .columns(['customer_id', 'user_id'])
      .execute();
  },
};
