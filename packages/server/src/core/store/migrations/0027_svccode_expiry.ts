import type { Kysely, Migration } from 'kysely';

/** Svccodes are purged a day after they expire (worker.ts): the purge's range index. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('svccodes_expiry').on('svccodes').columns(['expires_at']).execute();
  },
};
