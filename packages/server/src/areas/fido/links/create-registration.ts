import { notInNameRuns } from '@svc/wire';
import { assertThat } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { issueLink } from './issue-link.js';
import { hasRoomForPasskey, passkeyLimitText } from '../users/passkey-room.js';
import { requireOrganization } from '../organizations/require-organization.js';
import { findUserByIdentifier, insertUser } from '../users/users-repo.js';
import { checkLinkFields } from '../validate.js';

export interface RegistrationInput {
  callback_url?: string | undefined;
  sms_phone_number?: string | undefined;
  user: { user_identifier: string; name?: string | undefined };
}

/**
 * A registration link for a user, created when missing (an existing user keeps its name); the
 * user, the link and its SMS are written in one transaction.
 */
export async function createRegistration(
  deps: FidoDeps,
  customerId: string,
  input: RegistrationInput,
): Promise<{ id: string; user_link: string }> {
  checkLinkFields(deps.config, input);
  const organization = await requireOrganization(deps.db, customerId);
  const { user_identifier: identifier, name } = input.user;
  const created = await deps.db.transaction().execute(async (tx) => {
    const inserted = await insertUser(tx, {
      id: deps.ids.uuid(),
      customer_id: customerId,
      user_identifier: identifier,
      // A name is one line (the wire's Name); an identifier need not be.
      name: name ?? identifier.replace(notInNameRuns, ' '),
      registered: 0,
      created_at: deps.clock.now().toISOString(),
    });
    const user = await findUserByIdentifier(tx, customerId, identifier);
    if (!user) throw new Error('user vanished inside its own transaction');
    if (inserted)
      await deps.audit.record(tx, {
        action: 'fido.user.created',
        customerId,
        targets: { fido_user: user.id, user: identifier },
      });
    assertThat(
      await hasRoomForPasskey(deps, tx, organization.id, user.id),
      'FIDO_CREDENTIAL_LIMIT',
      passkeyLimitText(deps),
    );
    return issueLink(deps, tx, 'registrations', organization, {
      userId: user.id,
      callbackUrl: input.callback_url,
      smsPhoneNumber: input.sms_phone_number,
    });
  });
  deps.outbox.notify();
  return { id: created.row.id, user_link: created.user_link };
}
