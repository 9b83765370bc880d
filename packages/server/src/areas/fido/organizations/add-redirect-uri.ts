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
  await deps.db.transaction().execute(async (tx) => {
    assertThat(await insertRedirectUri(tx, row), 'REDIRECT_URI_EXISTS');
    await deps.audit.record(tx, {
      action: 'fido.redirect_uri.added',
      customerId,
      targets: { organization: organization.id, redirect_uri: row.id },
      details: { uri: uri.slice(0, 512) },
    });
  });
  return { id: row.id, uri };
}
