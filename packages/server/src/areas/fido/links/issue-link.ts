import type { Db } from '../../../core/store/index.js';
import type { FidoDeps } from '../deps.js';
import { insertLink, type LinkRow } from './links-repo.js';
import { linkLifetimeMs, newSecret, userLink, type LinkKind } from './link.js';
import type { OrganizationRow } from '../organizations/organizations-repo.js';

export interface LinkFields {
  userId: string | null;
  userIdentifier?: string | undefined;
  callbackUrl?: string | undefined;
  smsPhoneNumber?: string | undefined;
  redirectUrl?: string | undefined;
}

const smsText: Record<LinkKind, (organization: string, link: string) => string> = {
  registrations: (organization, link) => `${organization}: register your passkey at ${link}`,
  authentications: (organization, link) => `${organization}: sign in at ${link}`,
};

/**
 * Writes a new pending link and, when a phone number was given, its SMS in the outbox, both in
 * the caller's transaction. The secret leaves only in the returned link and the SMS: the SMS
 * waits in the outbox sealed with the master key, so the database holds only the secret's hash.
 */
export async function issueLink(
  deps: FidoDeps,
  tx: Db,
  kind: LinkKind,
  organization: OrganizationRow,
  fields: LinkFields,
): Promise<{ row: LinkRow; user_link: string }> {
  if (fields.smsPhoneNumber)
    await deps.smsBudget.take(organization.customer_id, fields.smsPhoneNumber);
  const now = deps.clock.now();
  const { secret, hash } = newSecret(deps.ids);
  const row: LinkRow = {
    id: deps.ids.uuid(),
    customer_id: organization.customer_id,
    organization_id: organization.id,
    user_id: fields.userId,
    user_identifier: fields.userIdentifier ?? null,
    secret_hash: hash,
    status: 'PENDING',
    challenge: null,
    callback_url: fields.callbackUrl ?? null,
    sms_phone_number: fields.smsPhoneNumber ?? null,
    redirect_url: fields.redirectUrl ?? null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + linkLifetimeMs[kind]).toISOString(),
    finished_at: null,
  };
  await insertLink(tx, kind, row);
  await deps.audit.record(tx, {
    action: kind === 'registrations' ? 'fido.registration.created' : 'fido.authentication.created',
    customerId: row.customer_id,
    targets: {
      [kind === 'registrations' ? 'registration' : 'authentication']: row.id,
      fido_user: row.user_id,
      organization: row.organization_id,
    },
    // Whether an SMS carries the link; never the number.
    details: { sms: row.sms_phone_number !== null },
  });
  const link = userLink(deps.config, organization.domain_name, kind, row.id, secret);
  if (row.sms_phone_number)
    await deps.outbox.enqueue(tx, {
      kind: 'sms',
      customerId: organization.customer_id,
      target: row.sms_phone_number,
      payload: { sealed: deps.box.seal(smsText[kind](organization.name, link)) },
    });
  return { row, user_link: link };
}
