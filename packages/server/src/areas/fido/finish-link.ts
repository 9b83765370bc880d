import { AppError, assertThat } from '../../core/errors.js';
import type { Db } from '../../core/store/index.js';
import type { FidoDeps } from './deps.js';
import { closeLink, type LinkRow } from './links-repo.js';
import type { LinkKind } from './link.js';
import type { UserRow } from './users-repo.js';
import { authenticationView, registrationView } from './views.js';

export interface Outcome {
  status: 'COMPLETED' | 'ERROR' | 'EXPIRED';
  /** The user as it is after the change (registered after a completed registration). */
  user: UserRow | undefined;
}

/**
 * Closes a link and, in the same transaction, queues the status callback: the resource as it now
 * reads plus `jwt`, an ES256 signature over the same object (verifiable at /jwks). `alsoInTx`
 * adds the ceremony's own writes; if it throws, nothing is written.
 */
export async function finishLink(
  deps: FidoDeps,
  kind: LinkKind,
  link: LinkRow,
  outcome: Outcome,
  alsoInTx?: (tx: Db) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  const closed: LinkRow = {
    ...link,
    status: outcome.status,
    user_id: outcome.user?.id ?? link.user_id,
    challenge: null,
    finished_at: now.toISOString(),
  };
  const resource =
    kind === 'registrations' && outcome.user
      ? registrationView(closed, outcome.user, now)
      : authenticationView(closed, outcome.user, now);
  // Signed before the transaction: the signer may read its key from the store, which a held SQLite transaction would block.
  const payload = link.callback_url
    ? { ...resource, jwt: await deps.keys.sign({ ...resource }) }
    : null;
  await deps.db.transaction().execute(async (tx) => {
    assertThat(
      await closeLink(tx, kind, link, {
        status: outcome.status,
        userId: closed.user_id,
        now: closed.finished_at ?? '',
      }),
      'FIDO_LINK_USED',
    );
    await alsoInTx?.(tx);
    if (payload && link.callback_url)
      await deps.outbox.enqueue(tx, { kind: 'callback', target: link.callback_url, payload });
  });
  deps.outbox.notify();
}

/** Records a failed ceremony as ERROR (with its callback), then reports it to the page. */
export async function failLink(
  deps: FidoDeps,
  kind: LinkKind,
  link: LinkRow,
  user: UserRow | undefined,
  problem: string,
): Promise<never> {
  await finishLink(deps, kind, link, { status: 'ERROR', user });
  throw new AppError('FIDO_CEREMONY_FAILED', problem);
}

/** The text a failed check reports to the page. */
export function problemOf(err: unknown): string {
  return err instanceof AppError
    ? err.description
    : err instanceof Error
      ? err.message
      : 'The response is malformed.';
}
