import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { issueLink } from './issue-link.js';
import { redirectUrisOf } from '../organizations/organizations-repo.js';
import { hasRoomForPasskey, passkeyLimitText } from '../users/passkey-room.js';
import { requireOrganization } from '../organizations/require-organization.js';
import { findUserById } from '../users/users-repo.js';
import { checkFields, checkLinkFields } from '../validate.js';

export interface EnrollInput {
  callback_url?: string | undefined;
  redirect_url?: string | undefined;
  sms_phone_number?: string | undefined;
}

/**
 * A registration link for an existing user: enrolls a (further) authenticator. Earlier
 * credentials stay valid. `redirect_url` must be one of the organization's redirect URIs.
 */
export async function enrollUser(
  deps: FidoDeps,
  customerId: string,
  userId: string,
  input: EnrollInput,
): Promise<{ id: string; user_link: string }> {
  checkLinkFields(deps.config, input);
  const organization = await requireOrganization(deps.db, customerId);
  const user = await findUserById(deps.db, customerId, userId);
  assertThat(user, 'USER_NOT_FOUND');
  assertThat(
    await hasRoomForPasskey(deps, deps.db, organization.id, user.id),
    'FIDO_CREDENTIAL_LIMIT',
    passkeyLimitText(deps),
  );
  if (input.redirect_url !== undefined) {
    const allowed = (await redirectUrisOf(deps.db, organization.id)).some(
      (u) => u.uri === input.redirect_url,
    );
    checkFields({
      redirect_url: allowed ? null : "must be one of the organization's redirect URIs",
    });
  }
  const created = await deps.db.transaction().execute((tx) =>
    issueLink(deps, tx, 'registrations', organization, {
      userId: user.id,
      callbackUrl: input.callback_url,
      smsPhoneNumber: input.sms_phone_number,
      redirectUrl: input.redirect_url,
    }),
  );
  deps.outbox.notify();
  return { id: created.row.id, user_link: created.user_link };
}
