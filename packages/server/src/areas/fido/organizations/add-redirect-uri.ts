import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { insertRedirectUri } from './organizations-repo.js';
import { requireOrganization } from './require-organization.js';
import { checkFields, redirectUriProblem } from '../validate.js';

/** Adds an allowed `redirect_url`; kept exactly as given and matched exactly (no normalizing). */
export async function addRedirectUri(
  deps: FidoDeps,
  customerId: string,
  uri: string,
): Promise<{ id: string; uri: string }> {
  checkFields({ uri: redirectUriProblem(uri) });
  const organization = await requireOrganization(deps.db, customerId);
  const row = {
    id: deps.ids.uuid(),
    organization_id: organization.id,
    uri,
    created_at: deps.clock.now().toISOString(),
  };
  assertThat(await insertRedirectUri(deps.db, row), 'REDIRECT_URI_EXISTS');
  return { id: row.id, uri };
}
