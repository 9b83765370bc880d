import type { Kysely, Migration } from 'kysely';

/** An enrollment may replace the identifier's other devices (the user moves to a new phone). */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('enrollments')
      .addColumn('replaces_devices', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
