import type { Kysely, Migration } from 'kysely';

interface Tables {
  fido_organizations: {
    id: string;
    domain_name: string;
    domain_claim: string | null;
    created_at: string;
  };
}

/**
 * A FIDO organization's `domain_name` is its passkeys' RP ID, so one customer claims it: the claim
 * is a nullable column under a unique index (docs/decisions/fido.md). Rows already on file may
 * share a domain; the migration neither fails nor rewrites them: the oldest organization of each
 * domain (by `created_at`, then `id`) takes the claim and the others keep working unclaimed, while
 * no new organization can join them. `localhost` is never claimed (local development).
 */
export const migration: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<Tables>;
    await db.schema.alterTable('fido_organizations').addColumn('domain_claim', 'text').execute();
    await db
      .updateTable('fido_organizations')
      .set((eb) => ({ domain_claim: eb.ref('domain_name') }))
      .where('domain_name', '!=', 'localhost')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('fido_organizations as older')
              .select('older.id')
              .whereRef('older.domain_name', '=', 'fido_organizations.domain_name')
              .where((w) =>
                w.or([
                  w('older.created_at', '<', w.ref('fido_organizations.created_at')),
                  w.and([
                    w('older.created_at', '=', w.ref('fido_organizations.created_at')),
                    w('older.id', '<', w.ref('fido_organizations.id')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .execute();
    await db.schema
      .createIndex('fido_organizations_domain_claim')
      .on('fido_organizations')
      .column('domain_claim')
      .unique()
      .execute();
  },
};
