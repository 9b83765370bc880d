import type { Kysely, Migration } from 'kysely';

/**
 * CIBA (areas/oidc/ciba.ts): a client opts in with a token delivery mode (`poll` or `ping`, and
 * for `ping` the endpoint notified); each backchannel request remembers the svcfication that asks
 * the user's phone, until its answer is handed to the provider.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('oidc_clients')
      .addColumn('backchannel_token_delivery_mode', 'text')
      .execute();
    await db.schema
      .alterTable('oidc_clients')
      .addColumn('backchannel_client_notification_endpoint', 'text')
      .execute();
    await db.schema
      .createTable('oidc_ciba_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('svcfication_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('oidc_ciba_requests_due')
      .on('oidc_ciba_requests')
      .columns(['expires_at', 'id'])
      .execute();
  },
};
