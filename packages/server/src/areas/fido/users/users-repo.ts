import { compiled } from '../../../core/store/compiled.js';
import { onPostgres, type Db } from '../../../core/store/index.js';
import type { FidoUsersTable } from '../../../core/store/schema.js';
import { inserted } from '../../../core/store/unique.js';

export type UserRow = FidoUsersTable;

const userById = compiled((db, v: { customerId: string; id: string }) =>
  db
    .selectFrom('fido_users')
    .selectAll()
    .where('customer_id', '=', v.customerId)
    .where('id', '=', v.id),
);

export async function findUserById(
  db: Db,
  customerId: string,
  id: string,
): Promise<UserRow | undefined> {
  return userById.first(db, { customerId, id });
}

export async function findUserByIdentifier(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('fido_users')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('user_identifier', '=', identifier)
    .executeTakeFirst();
}

/** False when the customer already has a user with this identifier. */
export async function insertUser(db: Db, row: UserRow): Promise<boolean> {
  return inserted(
    await db
      .insertInto('fido_users')
      .values(row)
      .onConflict((oc) => oc.columns(['customer_id', 'user_identifier']).doNothing())
      .executeTakeFirst(),
  );
}

/**
 * Locks the user's row until the transaction ends (`for update` on PostgreSQL; SQLite knows no row
 * locks and needs none: it runs one write transaction at a time).
 */
export async function lockUser(db: Db, id: string): Promise<void> {
  await db
    .selectFrom('fido_users')
    .select('id')
    .where('id', '=', id)
    .$if(onPostgres(db), (query) => query.forUpdate())
    .execute();
}

export async function markRegistered(db: Db, id: string, registered = true): Promise<void> {
  await db
    .updateTable('fido_users')
    .set({ registered: registered ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function findUsers(
  db: Db,
  customerId: string,
  filter: { registered?: boolean | undefined; user_identifier?: string | undefined },
  limit: number,
): Promise<UserRow[]> {
  let query = db.selectFrom('fido_users').selectAll().where('customer_id', '=', customerId);
  if (filter.registered !== undefined)
    query = query.where('registered', '=', filter.registered ? 1 : 0);
  if (filter.user_identifier !== undefined)
    query = query.where('user_identifier', '=', filter.user_identifier);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}
