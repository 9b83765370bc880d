import type { Kysely, Migration } from 'kysely';

/**
 * The settings of each organization's OpenID client (areas/oidc): whether PKCE is required of it
 * even with a nonce (a confidential client), and the algorithm of its ID tokens. No row: the
 * defaults (PKCE or nonce, ES256).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_clients')
      .addColumn('organization_id', 'text', (c) =>
        c.primaryKey().references('fido_organizations.id'),
      )
      .addColumn('require_pkce', 'integer', (c) => c.notNull())
      .addColumn('id_token_signed_response_alg', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
