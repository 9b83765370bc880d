import type { Kysely, Migration } from 'kysely';

/**
 * The one migration list, for SQLite and PostgreSQL alike: only portable column types (text,
 * integer) and the schema builder, never dialect SQL. Append; never edit a shipped migration.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('verify_identity_documents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('credentials')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credentials_customer')
        .on('credentials')
        .columns(['customer_id', 'kind'])
        .execute();
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('private_sealed', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_records')
        .addColumn('identification_id', 'text', (c) => c.primaryKey())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('give_up_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('nonces')
        .addColumn('value', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('nonces_expiry').on('nonces').column('expires_at').execute();
    },
  },
  '0002_main_identity': {
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
  },
  '0003_fido': {
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
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('fido_organizations.id'),
        )
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
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('fido_organizations.id'),
        )
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
  },
  '0004_svcfications_svccodes': {
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
  },
  '0005_fido_link_expiry': {
    async up(db: Kysely<unknown>) {
      for (const table of ['fido_registrations', 'fido_authentications']) {
        await db.schema
          .createIndex(`${table}_pending`)
          .on(table)
          .columns(['status', 'expires_at'])
          .execute();
      }
    },
  },
};
