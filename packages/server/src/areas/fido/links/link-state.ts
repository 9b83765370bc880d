import type { FidoDeps } from '../deps.js';
import { findLink } from './links-repo.js';
import { readStatus, type LinkKind } from './link.js';
import { findOrganizationById } from '../organizations/organizations-repo.js';

export type PageState = 'ready' | 'used' | 'expired' | 'invalid';

/**
 * What the page shows before the user acts. The secret stays in the fragment (never sent with the
 * page request), so a forged secret is only noticed when Continue calls the API. `autofill`: a
 * sign-in link made for no user offers passkeys in the username field's autofill (a link made for
 * a user lists that user's passkeys in the prompt instead: autofill would offer every passkey of
 * the domain, and picking another user's would end the link).
 */
export async function linkState(
  deps: FidoDeps,
  kind: LinkKind,
  id: string,
): Promise<{ state: PageState; organizationName?: string; autofill?: boolean }> {
  const link = await findLink(deps.db, kind, id);
  const organization = link && (await findOrganizationById(deps.db, link.organization_id));
  if (!link || !organization) return { state: 'invalid' };
  const status = readStatus(link, deps.clock.now());
  const state: PageState =
    status === 'PENDING' ? 'ready' : status === 'EXPIRED' ? 'expired' : 'used';
  const autofill = kind === 'authentications' && link.user_id === null;
  return { state, organizationName: organization.name, autofill };
}
