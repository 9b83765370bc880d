import { assertThat } from '../../core/errors.js';
import type { FidoDeps } from './deps.js';
import { insertOrganization } from './organizations-repo.js';
import { checkFields, domainNameProblem } from './validate.js';
import { organizationView, type OrganizationView } from './views.js';

export interface OrganizationInput {
  name: string;
  domain_name: string;
  require_platform_authenticator?: boolean | undefined;
  require_resident_key?: boolean | undefined;
  verify_attestation_statement?: boolean | undefined;
}

/** A customer owns at most one organization (docs/decisions.md, Area C): a second one is 409. */
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
    oidc_client_id: deps.ids.uuid(),
    require_platform_authenticator: input.require_platform_authenticator ? 1 : 0,
    require_resident_key: input.require_resident_key ? 1 : 0,
    verify_attestation_statement: input.verify_attestation_statement === false ? 0 : 1,
    created_at: deps.clock.now().toISOString(),
  };
  assertThat(await insertOrganization(deps.db, row), 'ORGANIZATION_EXISTS');
  return organizationView(row, []);
}
