import type { FidoDeps } from '../deps.js';
import { redirectUrisOf } from './organizations-repo.js';
import { requireOrganization } from './require-organization.js';

export async function listRedirectUris(
  deps: FidoDeps,
  customerId: string,
): Promise<{ id: string; uri: string }[]> {
  const organization = await requireOrganization(deps.db, customerId);
  return redirectUrisOf(deps.db, organization.id);
}
