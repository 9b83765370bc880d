import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['fido_registrations', 'fido_authentications']) {
      await db.schema
        .createIndex(`${table}_pending`)
        .on(table)
        .columns(['status', 'expires_at'])
        .execute();
    }
  },
};
