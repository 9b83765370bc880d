import type {
  ConsoleCeremony,
  ConsoleCeremonyAnswer,
  ConsoleSession,
  Invitation,
  InvitationInput,
} from '@svc/wire';
import { secretMatches, sha256Hex } from '../../core/crypto/secret-box.js';
import { consoleCustomerId, customerExists } from '../../core/customers.js';
import { AppError, assertThat } from '../../core/errors.js';
import type { ConsoleUser } from '../../core/http/types.js';
import type { ConsoleInvitationsTable } from '../../core/store/schema-console.js';
import { consoleOrganization } from './console-organization.js';
import type { ConsoleDeps, LinkHandle } from './deps.js';
import { startSession } from './sessions.js';
import { insertAccount } from './accounts-repo.js';

/** An invitation can be accepted for 48 hours, like a passkey registration link. */
const invitationLifetimeMs = 48 * 60 * 60 * 1000;

/**
 * A single-use invitation: an operator invites anyone (an operator, or a customer's admin or
 * viewer); a customer's admin invites admins and viewers of its own customer. The link carries
 * the secret after `#` and is shown once (`by` null: the CLI's operator, who starts the console).
 */
export async function createInvitation(
  deps: Pick<ConsoleDeps, 'db' | 'clock' | 'ids' | 'audit' | 'config'>,
  by: ConsoleUser | null,
  input: InvitationInput,
): Promise<Invitation> {
  const customerId = input.role === 'operator' ? null : (by?.customerId ?? input.customer_id);
  if (by && by.role !== 'operator') {
    assertThat(input.role !== 'operator', 'CONSOLE_ROLE');
    assertThat(!input.customer_id || input.customer_id === by.customerId, 'CUSTOMER_NOT_FOUND');
  }
  if (input.role !== 'operator')
    assertThat(
      customerId && customerId !== consoleCustomerId && (await customerExists(deps.db, customerId)),
      'CUSTOMER_NOT_FOUND',
    );
  const now = deps.clock.now();
  const secret = deps.ids.random(32);
  const row: ConsoleInvitationsTable = {
    id: deps.ids.uuid(),
    secret_hash: sha256Hex(secret),
    customer_id: customerId ?? null,
    role: input.role,
    name: input.name,
    fido_user_id: null,
    registration_id: null,
    registration_secret_sealed: null,
    accepted_at: null,
    expires_at: new Date(now.getTime() + invitationLifetimeMs).toISOString(),
    created_at: now.toISOString(),
  };
  await deps.db.transaction().execute(async (tx) => {
    await tx.insertInto('console_invitations').values(row).execute();
    await deps.audit.record(tx, {
      action: 'console.invitation.created',
      customerId: row.customer_id,
      targets: { console_invitation: row.id },
      details: { role: row.role },
    });
  });
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    customer_id: row.customer_id,
    invitation_link: `${base}/console/#invitation=${row.id}.${secret}`,
    expires_at: row.expires_at,
  };
}

/** The invitation a token names, while it can still be accepted. */
async function openInvitation(deps: ConsoleDeps, token: string): Promise<ConsoleInvitationsTable> {
  const [id, secret] = token.split('.');
  const row = id
    ? await deps.db
        .selectFrom('console_invitations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  assertThat(
    row &&
      secret &&
      secretMatches(row.secret_hash, secret) &&
      row.accepted_at === null &&
      row.expires_at > deps.clock.now().toISOString(),
    'INVITATION_INVALID',
  );
  return row;
}

const registrationOf = (deps: ConsoleDeps, row: ConsoleInvitationsTable): LinkHandle | null =>
  row.registration_id && row.registration_secret_sealed
    ? { id: row.registration_id, secret: deps.box.open(row.registration_secret_sealed) }
    : null;

/**
 * Accepting, step 1: the invitee's passkey user in svc's own organization and a registration link
 * for it, kept on the invitation (asked again, the same link gives a new challenge; a new link once
 * a failed attempt closed it); its WebAuthn creation options.
 */
export async function beginAcceptance(deps: ConsoleDeps, token: string): Promise<ConsoleCeremony> {
  const row = await openInvitation(deps, token);
  await consoleOrganization(deps);
  const kept = registrationOf(deps, row);
  if (kept) {
    const options = await deps.passkeys.registrationOptions(kept).catch((err: unknown) => {
      if (err instanceof AppError && err.code.startsWith('FIDO_LINK')) return null;
      throw err;
    });
    if (options) return { ceremony: token, options };
  }
  const link = await deps.passkeys.beginRegistration(consoleCustomerId, {
    identifier: `console-${row.id}`,
    name: row.name,
  });
  await deps.db
    .updateTable('console_invitations')
    .set({
      fido_user_id: link.userId,
      registration_id: link.id,
      registration_secret_sealed: deps.box.seal(link.secret),
    })
    .where('id', '=', row.id)
    .execute();
  return { ceremony: token, options: await deps.passkeys.registrationOptions(link) };
}

/**
 * Step 2: the new passkey, verified once; the account is made and signed in, and the invitation
 * is used up, in one transaction (of two racing acceptances, one wins).
 */
export async function finishAcceptance(
  deps: ConsoleDeps,
  answer: ConsoleCeremonyAnswer,
): Promise<{ token: string; session: ConsoleSession }> {
  const row = await openInvitation(deps, answer.ceremony);
  const link = registrationOf(deps, row);
  assertThat(link && row.fido_user_id, 'INVITATION_INVALID');
  const fidoUserId = row.fido_user_id;
  const ok = await deps.passkeys.finishRegistration(link, answer.response).catch((err: unknown) => {
    if (err instanceof AppError && err.status < 500) return false;
    throw err;
  });
  assertThat(ok, 'FIDO_CEREMONY_FAILED', 'The passkey could not be registered. Try again.');
  return deps.db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('console_invitations')
      .set({ accepted_at: deps.clock.now().toISOString() })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    assertThat(Number(used.numUpdatedRows) === 1, 'INVITATION_INVALID');
    const account = {
      id: deps.ids.uuid(),
      customer_id: row.customer_id,
      role: row.role,
      name: row.name,
      fido_user_id: fidoUserId,
      created_at: deps.clock.now().toISOString(),
    };
    await insertAccount(tx, account);
    await deps.audit.record(tx, {
      action: 'console.account.created',
      customerId: account.customer_id,
      targets: { console_account: account.id, console_invitation: row.id },
      details: { role: account.role },
      actor: { kind: 'console', user: account.id },
    });
    return startSession(deps, tx, account);
  });
}
