import type { FidoDeps } from './deps.js';
import { redirectUrisOf, requireOrganization } from './organizations-repo.js';

export async function listRedirectUris(
  deps: FidoDeps,
  customerId: string,
): Promise<{ id: string; uri: string }[]> {
  const organization = await requireOrganization(deps.db, customerId);
  return redirectUrisOf(deps.db, organization.id);
}
