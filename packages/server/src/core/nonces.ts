import type { Kysely } from 'kysely';
import type { Db } from './store/index.js';
import type { Database } from './store/schema.js';
import { inserted } from './store/unique.js';

/**
 * Records a single-use value until `expiresAt`. Returns false when it was seen before (a replay).
 * Durable, so a restart does not reopen the replay window; pass a transaction so that a request
 * that fails later consumes nothing.
 */
export async function useNonce(
  db: Kysely<Database>,
  value: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db
    .deleteFrom('nonces')
    .where('value', '=', value)
    .where('expires_at', '<', now.toISOString())
    .execute();
  return inserted(
    await db
      .insertInto('nonces')
      .values({ value, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column('value').doNothing())
      .executeTakeFirst(),
  );
}

export async function purgeNonces(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('nonces').where('expires_at', '<', now.toISOString()).execute();
}
