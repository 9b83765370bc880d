import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import {
  findOrganizationById,
  findOrganizationOfCustomer,
  setClientSecret,
} from './organizations-repo.js';

/**
 * Issues a new OpenID client secret for the caller's organization, replacing any previous one at
 * once. It is answered this once; svc keeps it sealed (the provider compares it as given).
 */
export async function rotateClientSecret(
  deps: FidoDeps,
  /** The caller's customer id (the API), or 'operator' (the CLI: any organization). */
  caller: string,
  id: string,
): Promise<{ client_id: string; client_secret: string }> {
  const organization =
    caller === 'operator'
      ? await findOrganizationById(deps.db, id)
      : await findOrganizationOfCustomer(deps.db, caller);
  assertThat(organization && organization.id === id, 'ORGANIZATION_NOT_FOUND');
  const secret = deps.ids.random(32);
  await deps.db.transaction().execute(async (tx) => {
    await setClientSecret(tx, organization.id, deps.box.seal(secret));
    await deps.audit.record(tx, {
      action: 'fido.client_secret.rotated',
      customerId: organization.customer_id,
      targets: { organization: organization.id },
    });
  });
  return { client_id: organization.oidc_client_id, client_secret: secret };
}
