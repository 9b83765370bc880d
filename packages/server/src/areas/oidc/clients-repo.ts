import type { Db } from '../../core/store/index.js';
import type { OidcClientsTable } from '../../core/store/schema-fido.js';

export type ClientRow = OidcClientsTable;

export async function findClientSettings(
  db: Db,
  organizationId: string,
): Promise<ClientRow | undefined> {
  return db
    .selectFrom('oidc_clients')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function saveClientSettings(db: Db, row: ClientRow): Promise<void> {
  const { organization_id: _id, ...changes } = row;
  await db
    .insertInto('oidc_clients')
    .values(row)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(changes))
    .execute();
}
