import type { Kysely } from 'kysely';
import type { Db } from './store/index.js';
import type { Database } from './store/schema.js';
import { compiled } from './store/compiled.js';
import { deleteExpired } from './store/purge.js';

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
  const values = { value, expiresAt: expiresAt.toISOString(), now: now.toISOString() };
  return (await recordNonce.affected(db, values)) > 0;
}

/** One statement: a new value is inserted; a value on file counts again only once it expired. */
const recordNonce = compiled((db, v: { value: string; expiresAt: string; now: string }) =>
  db
    .insertInto('nonces')
    .values({ value: v.value, expires_at: v.expiresAt })
    .onConflict((oc) =>
      oc
        .column('value')
        .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
        .where('nonces.expires_at', '<', v.now),
    ),
);

export async function purgeNonces(db: Db, now: Date): Promise<void> {
  await deleteExpired(db, { table: 'nonces', column: 'expires_at' }, now.toISOString());
}
