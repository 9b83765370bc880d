import type { Kysely, Migration } from 'kysely';

/**
 * The console (areas/console/): its accounts (each a passkey user of svc's own FIDO
 * organization), the single-use invitations that create them, and their sessions (only the
 * token's SHA-256 is kept). Also each delivery attempt of an outbox item, and which item a
 * replay repeats.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('console_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('fido_user_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('console_invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('fido_user_id', 'text')
      .addColumn('registration_id', 'text')
      .addColumn('registration_secret_sealed', 'text')
      .addColumn('accepted_at', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('console_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('console_sessions_expiry')
      .on('console_sessions')
      .columns(['expires_at'])
      .execute();
    await db.schema
      .createTable('outbox_attempts')
      .addColumn('outbox_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('outbox_attempts_pk', ['outbox_id', 'attempt'])
      .execute();
    await db.schema
      .createIndex('outbox_attempts_time')
      .on('outbox_attempts')
      .columns(['at'])
      .execute();
    await db.schema.alterTable('outbox').addColumn('replay_of', 'text').execute();
    await db.schema
      .createIndex('outbox_customer_created')
      .on('outbox')
      .columns(['customer_id', 'created_at'])
      .execute();
  },
};
