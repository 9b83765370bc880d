import type { Kysely, Migration } from 'kysely';

/**
 * Every organization's OpenID Provider keeps its sessions, interactions, grants and tokens in
 * `oidc_payloads`; each row now names the organization that wrote it, and another organization's
 * provider never reads, consumes or destroys it. Rows written before (null) stay readable until
 * they expire (14 days at most), so an upgrade signs nobody out.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_payloads').addColumn('organization_id', 'text').execute();
  },
};
