import { timingSafeEqual } from 'node:crypto';
import type { ConsoleSession } from '@svc/wire';
import { sha256Hex } from '../../core/crypto/secret-box.js';
import type { ConsoleUser } from '../../core/http/types.js';
import type { Db } from '../../core/store/index.js';
import { deleteExpired } from '../../core/store/purge.js';
import type { ConsoleAccountsTable } from '../../core/store/schema-console.js';
import { accountView } from './accounts-repo.js';
import type { ConsoleDeps } from './deps.js';

/** A session ends this long after its sign-in, whatever happens in between. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

/** The session cookie: the console's API only, never sent cross-site, unreadable by scripts. */
export const sessionCookie = 'svc_console';

/** A new session of the account; the token is only in the cookie, its SHA-256 on file. */
export async function startSession(
  deps: Pick<ConsoleDeps, 'clock' | 'ids'>,
  tx: Db,
  account: ConsoleAccountsTable,
): Promise<{ token: string; session: ConsoleSession }> {
  const now = deps.clock.now();
  const token = deps.ids.random(32);
  const row = {
    token_hash: sha256Hex(token),
    account_id: account.id,
    csrf_token: deps.ids.random(32),
    expires_at: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
    created_at: now.toISOString(),
  };
  await tx.insertInto('console_sessions').values(row).execute();
  return {
    token,
    session: {
      account: accountView(account),
      csrf_token: row.csrf_token,
      expires_at: row.expires_at,
    },
  };
}

/** The session a cookie's token opens, while it lasts. */
export async function openSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: ConsoleUser; session: ConsoleSession } | undefined> {
  const tokenHash = sha256Hex(token);
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('console_accounts as a', 'a.id', 's.account_id')
    .selectAll('a')
    .select(['s.csrf_token', 's.expires_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { csrf_token, expires_at, ...account } = row;
  return {
    user: {
      account: account.id,
      role: account.role,
      customerId: account.customer_id,
      session: tokenHash.slice(0, 16),
    },
    session: { account: accountView(account), csrf_token, expires_at },
  };
}

/** Sign-out: the session is deleted, and the sign-out recorded in the account's log. */
export async function endSession(
  deps: Pick<ConsoleDeps, 'db' | 'audit'>,
  token: string,
  user: ConsoleUser,
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('console_sessions').where('token_hash', '=', sha256Hex(token)).execute();
    await deps.audit.record(tx, {
      action: 'console.signed_out',
      customerId: user.customerId,
      targets: { console_account: user.account },
    });
  });
}

export const csrfMatches = (expected: string, presented: string | undefined): boolean =>
  presented !== undefined &&
  presented.length === expected.length &&
  timingSafeEqual(Buffer.from(presented), Buffer.from(expected));

/** Deletes the sessions that have ended, a batch at a time (the worker's purge loop). */
export const purgeSessions = (db: Db, now: Date): Promise<number> =>
  deleteExpired(db, { table: 'console_sessions', column: 'expires_at' }, now.toISOString());
