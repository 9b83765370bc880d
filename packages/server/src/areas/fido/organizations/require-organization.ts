import { assertThat } from '../../../core/errors.js';
import type { Db } from '../../../core/store/index.js';
import { findOrganizationOfCustomer, type OrganizationRow } from './organizations-repo.js';

/**
 * The caller's organization. A customer owns at most one, so organization-scoped calls act on it
 * and answer 404 before it exists (docs/decisions/fido.md).
 */
export async function requireOrganization(db: Db, customerId: string): Promise<OrganizationRow> {
  const organization = await findOrganizationOfCustomer(db, customerId);
  assertThat(organization, 'ORGANIZATION_NOT_FOUND');
  return organization;
}
