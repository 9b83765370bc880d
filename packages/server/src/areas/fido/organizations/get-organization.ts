import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { findOrganizationOfCustomer, redirectUrisOf } from './organizations-repo.js';
import { organizationView, type OrganizationView } from '../views.js';

/** Only the caller's own organization is visible; any other id is 404. */
export async function getOrganization(
  deps: FidoDeps,
  customerId: string,
  id: string,
): Promise<OrganizationView> {
  const row = await findOrganizationOfCustomer(deps.db, customerId);
  assertThat(row && row.id === id, 'ORGANIZATION_NOT_FOUND');
  const uris = await redirectUrisOf(deps.db, row.id);
  return organizationView(
    row,
    uris.map((u) => u.uri),
  );
}

/** The customer's organization, if it has made one (the console's FIDO page). */
export async function organizationOfCustomer(
  deps: FidoDeps,
  customerId: string,
): Promise<OrganizationView | null> {
  const row = await findOrganizationOfCustomer(deps.db, customerId);
  return row ? getOrganization(deps, customerId, row.id) : null;
}
