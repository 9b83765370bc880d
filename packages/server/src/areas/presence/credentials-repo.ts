import type { Kysely } from 'kysely';
import type { Db } from '../../core/store/index.js';
import type { Database, PresenceCredentialsTable } from '../../core/store/schema.js';

/** Sets a device's one presence credential, replacing the one it had. */
export async function saveCredential(
  db: Kysely<Database>,
  row: PresenceCredentialsTable,
): Promise<void> {
  const { device_identifier: _, ...replaced } = row;
  await db
    .insertInto('presence_credentials')
    .values(row)
    .onConflict((oc) => oc.column('device_identifier').doUpdateSet(replaced))
    .execute();
}

export function credentialOf(db: Db, deviceIdentifier: string) {
  return db
    .selectFrom('presence_credentials')
    .selectAll()
    .where('device_identifier', '=', deviceIdentifier)
    .executeTakeFirst();
}

/**
 * Moves the counter forward, only from the value the check read: of two answers checked at once
 * with the same assertion counter, one changes the row and the other none.
 */
export async function advanceCounter(
  db: Kysely<Database>,
  deviceIdentifier: string,
  from: number,
  to: number,
): Promise<boolean> {
  const result = await db
    .updateTable('presence_credentials')
    .set({ counter: to })
    .where('device_identifier', '=', deviceIdentifier)
    .where('counter', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
