import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { issueLink } from './issue-link.js';
import { findOrganizationById } from '../organizations/organizations-repo.js';

/**
 * A login link for the OpenID Provider's sign-in: any passkey of the organization's users, the
 * same ceremony, flags and checks as a `user_link` (no callback, no SMS). The provider keeps the
 * secret on its interaction and runs the ceremony itself, so the link never reaches a browser.
 */
export async function beginSignIn(
  deps: FidoDeps,
  organizationId: string,
): Promise<{ id: string; secret: string }> {
  const organization = await findOrganizationById(deps.db, organizationId);
  assertThat(organization, 'ORGANIZATION_NOT_FOUND');
  const created = await deps.db
    .transaction()
    .execute((tx) => issueLink(deps, tx, 'authentications', organization, { userId: null }));
  return { id: created.row.id, secret: new URL(created.user_link).hash.slice(1) };
}
