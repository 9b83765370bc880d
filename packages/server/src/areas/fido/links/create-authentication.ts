import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { issueLink } from './issue-link.js';
import { requireOrganization } from '../organizations/require-organization.js';
import { findUserByIdentifier } from '../users/users-repo.js';
import { checkLinkFields } from '../validate.js';
import { authenticationView, type AuthenticationView } from '../views.js';

export interface AuthenticationInput {
  callback_url?: string | undefined;
  sms_phone_number?: string | undefined;
  user_identifier?: string | undefined;
}

/**
 * A login link. With `user_identifier` only that user's credentials are offered (422 when the user
 * is unknown or unregistered); without it any passkey of the organization's users signs in.
 */
export async function createAuthentication(
  deps: FidoDeps,
  customerId: string,
  input: AuthenticationInput,
): Promise<AuthenticationView> {
  checkLinkFields(deps.config, input);
  const organization = await requireOrganization(deps.db, customerId);
  const user =
    input.user_identifier === undefined
      ? undefined
      : await findUserByIdentifier(deps.db, customerId, input.user_identifier);
  if (input.user_identifier !== undefined)
    assertThat(user?.registered === 1, 'FIDO_USER_NOT_REGISTERED');
  const created = await deps.db.transaction().execute((tx) =>
    issueLink(deps, tx, 'authentications', organization, {
      userId: user?.id ?? null,
      userIdentifier: input.user_identifier,
      callbackUrl: input.callback_url,
      smsPhoneNumber: input.sms_phone_number,
    }),
  );
  deps.outbox.notify();
  return {
    ...authenticationView(created.row, user, deps.clock.now()),
    user_link: created.user_link,
  };
}
