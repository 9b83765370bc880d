import type { Kysely, Migration } from 'kysely';

interface Tables {
  identity_documents: { id: string; customer_id: string; user_id: string; created_at: string };
}

/**
 * A user has one identity document: registering one replaces the previous. Two registrations at
 * once on PostgreSQL each deleted the previous and inserted their own, and both stayed; now a
 * unique index on `(customer_id, user_id)` makes it a guarantee and registering is an upsert.
 * Duplicates already on file are dropped first: the newest of each user (by `created_at`, then
 * `id`) is kept, as the one a replacement in sequence would have left.
 */
export const migration: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<Tables>;
    await db
      .deleteFrom('identity_documents')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('identity_documents as newer')
            .select('newer.id')
            .whereRef('newer.customer_id', '=', 'identity_documents.customer_id')
            .whereRef('newer.user_id', '=', 'identity_documents.user_id')
            .where((w) =>
              w.or([
                w('newer.created_at', '>', w.ref('identity_documents.created_at')),
                w.and([
                  w('newer.created_at', '=', w.ref('identity_documents.created_at')),
                  w('newer.id', '>', w.ref('identity_documents.id')),
                ]),
              ]),
            ),
        ),
      )
      .execute();
    await db.schema.dropIndex('identity_documents_user').execute();
    await db.schema
      .createIndex('identity_documents_user')
      .on('identity_documents')
      .columns(['customer_id', 'user_id'])
      .unique()
      .execute();
  },
};
