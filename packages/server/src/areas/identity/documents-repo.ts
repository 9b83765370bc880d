import type { Db } from '../../core/store/index.js';
import type { IdentityDocumentsTable } from '../../core/store/schema.js';

export type DocumentRow = IdentityDocumentsTable;

/** A user has one document: the new one replaces the previous in one transaction. */
export async function replaceDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('identity_documents')
      .where('customer_id', '=', row.customer_id)
      .where('user_id', '=', row.user_id)
      .execute();
    await tx.insertInto('identity_documents').values(row).execute();
  });
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
