import type { Kysely, Migration } from 'kysely';

/**
 * Replay-safe writes: one row per claimed write, keyed by customer and either a hash of the signed
 * Authorization value (an exact HMAC replay) or `idem:` + the Idempotency-Key header.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency')
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('headers', 'text')
      .addColumn('body', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_pk', ['customer_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_expiry')
      .on('idempotency')
      .column('expires_at')
      .execute();
  },
};
