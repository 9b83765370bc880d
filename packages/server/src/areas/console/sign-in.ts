import type { ConsoleCeremony, ConsoleCeremonyAnswer, ConsoleSession } from '@svc/wire';
import { AppError } from '../../core/errors.js';
import { findAccountOfPasskeyUser } from './accounts-repo.js';
import { consoleOrganization } from './console-organization.js';
import type { ConsoleDeps, LinkHandle } from './deps.js';
import { startSession } from './sessions.js';

/** A ceremony's handle: the link's id and secret, which only the page that asked holds. */
export const handleOf = (link: LinkHandle): string => `${link.id}.${link.secret}`;

export function linkOf(ceremony: string): LinkHandle {
  const [id, secret, ...rest] = ceremony.split('.');
  if (!id || !secret || rest.length > 0) throw new AppError('CONSOLE_SIGN_IN_FAILED');
  return { id, secret };
}

/**
 * Sign-in, step 1: a login link of svc's own organization for any of its passkeys (usernameless,
 * user verification required), and its WebAuthn request options.
 */
export async function beginSignIn(deps: ConsoleDeps): Promise<ConsoleCeremony> {
  const organization = await consoleOrganization(deps);
  const link = await deps.passkeys.beginSignIn(organization);
  return { ceremony: handleOf(link), options: await deps.passkeys.signInOptions(link) };
}

/**
 * Step 2: the assertion, verified once by the fido area's ceremony; the account of the passkey's
 * user gets a new session. Any failure is the same 401: which step failed is not told.
 */
export async function finishSignIn(
  deps: ConsoleDeps,
  answer: ConsoleCeremonyAnswer,
): Promise<{ token: string; session: ConsoleSession }> {
  const organization = await consoleOrganization(deps);
  const fidoUser = await deps.passkeys
    .finishSignIn(organization, linkOf(answer.ceremony), answer.response)
    .catch((err: unknown) => {
      if (err instanceof AppError && err.status < 500) return null;
      throw err;
    });
  const account = fidoUser ? await findAccountOfPasskeyUser(deps.db, fidoUser) : undefined;
  if (!account) throw new AppError('CONSOLE_SIGN_IN_FAILED');
  return deps.db.transaction().execute(async (tx) => {
    const started = await startSession(deps, tx, account);
    await deps.audit.record(tx, {
      action: 'console.signed_in',
      customerId: account.customer_id,
      targets: { console_account: account.id },
      actor: { kind: 'console', user: account.id },
    });
    return started;
  });
}
