import type { Db } from '../../core/store/index.js';
import type { IdentityDocumentsTable } from '../../core/store/schema.js';

export type DocumentRow = IdentityDocumentsTable;

/**
 * A user has one document (a unique index, migration 0014): the new one replaces the previous in
 * one statement, new id included, so registrations at once leave one of them.
 */
export async function replaceDocument(db: Db, row: DocumentRow): Promise<void> {
  // Every column but the user's key: the new document's id, hash, status and times.
  const { customer_id: _customer, user_id: _user, ...replaced } = row;
  await db
    .insertInto('identity_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['customer_id', 'user_id']).doUpdateSet(replaced))
    .execute();
}

/** The documents of some users, newest first. */
export async function documentsOfUsers(
  db: Db,
  customerId: string,
  userIds: string[],
): Promise<DocumentRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('identity_documents')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('user_id', 'in', userIds)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findDocument(
  db: Db,
  customerId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('identity_documents')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}
