import type { ConsoleAccount } from '@svc/wire';
import type { Db } from '../../core/store/index.js';
import type { ConsoleAccountsTable } from '../../core/store/schema-console.js';

export const accountView = (row: ConsoleAccountsTable): ConsoleAccount => ({
  id: row.id,
  name: row.name,
  role: row.role,
  customer_id: row.customer_id,
  created_at: row.created_at,
});

export function findAccountOfPasskeyUser(
  db: Db,
  fidoUserId: string,
): Promise<ConsoleAccountsTable | undefined> {
  return db
    .selectFrom('console_accounts')
    .selectAll()
    .where('fido_user_id', '=', fidoUserId)
    .executeTakeFirst();
}

export async function insertAccount(db: Db, row: ConsoleAccountsTable): Promise<void> {
  await db.insertInto('console_accounts').values(row).execute();
}
