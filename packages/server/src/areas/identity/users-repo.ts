import { compiled } from '../../core/store/compiled.js';
import type { Db } from '../../core/store/index.js';
import type { UserIdentifiersTable } from '../../core/store/schema.js';
import { inserted } from '../../core/store/unique.js';

export async function userExists(db: Db, customerId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function identifierOfUser(
  db: Db,
  customerId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_identifiers')
    .select('identifier')
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.identifier;
}

const mappedUsers = compiled((db, v: { customerId: string; identifier: string }) =>
  db
    .selectFrom('user_identifiers')
    .select('user_id')
    .where('customer_id', '=', v.customerId)
    .where('identifier', '=', v.identifier)
    .orderBy('created_at'),
);

/** Users mapped to an RP identifier through user_identifiers, oldest mapping first. */
export async function usersMappedTo(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<string[]> {
  const rows = await mappedUsers.all(db, { customerId, identifier });
  return rows.map((r) => r.user_id);
}

/** False when the user already has an identifier for this customer (one per user). */
export async function insertUserIdentifier(db: Db, row: UserIdentifiersTable): Promise<boolean> {
  return inserted(
    await db
      .insertInto('user_identifiers')
      .values(row)
      .onConflict((oc) => oc.columns(['customer_id', 'user_id']).doNothing())
      .executeTakeFirst(),
  );
}
