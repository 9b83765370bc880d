import { AppError } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { findOrganizationOfCustomer, insertOrganization } from './organizations-repo.js';
import { checkFields, domainNameProblem } from '../validate.js';
import { organizationView, type OrganizationView } from '../views.js';

export interface OrganizationInput {
  name: string;
  domain_name: string;
  require_platform_authenticator?: boolean | undefined;
  require_resident_key?: boolean | undefined;
  verify_attestation_statement?: boolean | undefined;
}

/**
 * A customer owns at most one organization, and a domain (the passkeys' RP ID) belongs to one
 * customer (docs/decisions/fido.md): either conflict is 409. `localhost` is for local
 * development and claimed by no one.
 */
export async function createOrganization(
  deps: FidoDeps,
  customerId: string,
  input: OrganizationInput,
): Promise<OrganizationView> {
  checkFields({ domain_name: domainNameProblem(input.domain_name) });
  const row = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    name: input.name,
    domain_name: input.domain_name,
    domain_claim: input.domain_name === 'localhost' ? null : input.domain_name,
    oidc_client_id: deps.ids.uuid(),
    oidc_client_secret_sealed: null,
    require_platform_authenticator: input.require_platform_authenticator ? 1 : 0,
    require_resident_key: input.require_resident_key ? 1 : 0,
    verify_attestation_statement: input.verify_attestation_statement === false ? 0 : 1,
    created_at: deps.clock.now().toISOString(),
  };
  await deps.db.transaction().execute(async (tx) => {
    if (!(await insertOrganization(tx, row))) {
      // Not inserted: the rows on file say which claim was taken.
      const own = await findOrganizationOfCustomer(tx, customerId);
      throw new AppError(own ? 'ORGANIZATION_EXISTS' : 'FIDO_DOMAIN_TAKEN');
    }
    await deps.audit.record(tx, {
      action: 'fido.organization.created',
      customerId,
      targets: { organization: row.id },
      details: { domain_name: row.domain_name },
    });
  });
  return organizationView(row, []);
}
