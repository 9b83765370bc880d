import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fido_organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().unique().references('customers.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain_name', 'text', (c) => c.notNull())
      .addColumn('oidc_client_id', 'text', (c) => c.notNull().unique())
      .addColumn('require_platform_authenticator', 'integer', (c) => c.notNull())
      .addColumn('require_resident_key', 'integer', (c) => c.notNull())
      .addColumn('verify_attestation_statement', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('fido_redirect_uris')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('fido_organizations.id'))
      .addColumn('uri', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('fido_redirect_uris_organization_uri', ['organization_id', 'uri'])
      .execute();
    await db.schema
      .createTable('fido_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('user_identifier', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('registered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('fido_users_customer_identifier', ['customer_id', 'user_identifier'])
      .execute();
    await db.schema
      .createTable('fido_credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('fido_organizations.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('fido_users.id'))
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'integer', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('attestation_format', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addUniqueConstraint('fido_credentials_organization_credential', [
        'organization_id',
        'credential_id',
      ])
      .execute();
    await db.schema
      .createIndex('fido_credentials_user')
      .on('fido_credentials')
      .column('user_id')
      .execute();
    for (const table of ['fido_registrations', 'fido_authentications'] as const) {
      await db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('fido_organizations.id'),
        )
        .addColumn('user_id', 'text', (c) =>
          (table === 'fido_registrations' ? c.notNull() : c).references('fido_users.id'),
        )
        .addColumn('user_identifier', 'text')
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text')
        .addColumn('callback_url', 'text')
        .addColumn('sms_phone_number', 'text')
        .addColumn('redirect_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex(`${table}_customer`).on(table).column('customer_id').execute();
    }
    await db.schema
      .createTable('sms_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_number', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
