import type { Kysely, Migration } from 'kysely';

/**
 * The OpenID Provider (areas/oidc): one table for everything oidc-provider stores (sessions,
 * interactions, codes, tokens, grants), keyed by (model, id) with the payload as JSON text and
 * the lookups its adapter contract needs (grant id, user code, uid). An organization's client
 * secret is sealed with the secret box, like HMAC secrets.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('consumed_at', 'text')
      .addColumn('expires_at', 'text')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema
      .createIndex('oidc_payloads_grant')
      .on('oidc_payloads')
      .column('grant_id')
      .execute();
    await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
    await db.schema
      .createIndex('oidc_payloads_user_code')
      .on('oidc_payloads')
      .column('user_code')
      .execute();
    await db.schema
      .createIndex('oidc_payloads_expiry')
      .on('oidc_payloads')
      .column('expires_at')
      .execute();
    await db.schema
      .alterTable('fido_organizations')
      .addColumn('oidc_client_secret_sealed', 'text')
      .execute();
  },
};
