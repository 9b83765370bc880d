import { compiled } from '../../../core/store/compiled.js';
import type { Db } from '../../../core/store/index.js';
import type { FidoOrganizationsTable } from '../../../core/store/schema.js';
import { inserted } from '../../../core/store/unique.js';

export type OrganizationRow = FidoOrganizationsTable;

export async function findOrganizationOfCustomer(
  db: Db,
  customerId: string,
): Promise<OrganizationRow | undefined> {
  return db
    .selectFrom('fido_organizations')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

const organizationById = compiled((db, v: { id: string }) =>
  db.selectFrom('fido_organizations').selectAll().where('id', '=', v.id),
);

export async function findOrganizationById(
  db: Db,
  id: string,
): Promise<OrganizationRow | undefined> {
  return organizationById.first(db, { id });
}

/**
 * False when the customer already has one or the domain is claimed (the unique `customer_id` and
 * `domain_claim` decide, also under races).
 */
export async function insertOrganization(db: Db, row: OrganizationRow): Promise<boolean> {
  return inserted(
    await db
      .insertInto('fido_organizations')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst(),
  );
}

export async function redirectUrisOf(
  db: Db,
  organizationId: string,
): Promise<{ id: string; uri: string }[]> {
  return db
    .selectFrom('fido_redirect_uris')
    .select(['id', 'uri'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertRedirectUri(
  db: Db,
  row: { id: string; organization_id: string; uri: string; created_at: string },
): Promise<boolean> {
  return inserted(
    await db
      .insertInto('fido_redirect_uris')
      .values(row)
      .onConflict((oc) => oc.columns(['organization_id', 'uri']).doNothing())
      .executeTakeFirst(),
  );
}

export async function setClientSecret(db: Db, id: string, sealed: string): Promise<void> {
  await db
    .updateTable('fido_organizations')
    .set({ oidc_client_secret_sealed: sealed })
    .where('id', '=', id)
    .execute();
}
