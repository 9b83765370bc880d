import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { findLink, type LinkRow } from './links-repo.js';
import { secretMatches } from '../../../core/crypto/secret-box.js';
import { readStatus, type LinkKind } from './link.js';
import { findOrganizationById, type OrganizationRow } from '../organizations/organizations-repo.js';
import { findUserById, type UserRow } from '../users/users-repo.js';

export interface OpenLink {
  link: LinkRow;
  organization: OrganizationRow;
  /** Registrations always have one; authentications when created with a `user_identifier`. */
  user: UserRow | undefined;
}

/**
 * The link behind a page call, if the secret from the link's fragment matches and the link can
 * still be used. A wrong secret reads like an unknown id, so ids cannot be probed.
 */
export async function openLink(
  deps: FidoDeps,
  kind: LinkKind,
  id: string,
  secret: string,
): Promise<OpenLink> {
  const link = await findLink(deps.db, kind, id);
  assertThat(link && secretMatches(link.secret_hash, secret), 'FIDO_LINK_INVALID');
  const status = readStatus(link, deps.clock.now());
  assertThat(status !== 'EXPIRED', 'FIDO_LINK_EXPIRED');
  assertThat(status === 'PENDING', 'FIDO_LINK_USED');
  const organization = await findOrganizationById(deps.db, link.organization_id);
  assertThat(organization, 'FIDO_LINK_INVALID');
  const user = link.user_id
    ? await findUserById(deps.db, link.customer_id, link.user_id)
    : undefined;
  assertThat(kind === 'authentications' || user, 'FIDO_LINK_INVALID');
  return { link, organization, user };
}
