import type { Kysely, Migration } from 'kysely';

/**
 * Issue #17: number matching (a customer setting and the number of each svcfication), fatigue
 * limits (the subject a svcfication counts against, and why a device rejected it) and passkey
 * management (a credential's name, authenticator model and backup state).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('customers')
      .addColumn('number_matching', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [name, type] of [
      ['match_number', 'integer'],
      ['match_candidates', 'text'],
      ['subject', 'text'],
      ['reject_reason', 'text'],
    ] as const)
      await db.schema.alterTable('svcfications').addColumn(name, type).execute();
    await db.schema
      .createIndex('svcfications_subject')
      .on('svcfications')
      .columns(['customer_id', 'subject', 'created_at'])
      .execute();
    for (const [name, type] of [
      ['name', 'text'],
      ['aaguid', 'text'],
    ] as const)
      await db.schema.alterTable('fido_credentials').addColumn(name, type).execute();
    await db.schema
      .alterTable('fido_credentials')
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
