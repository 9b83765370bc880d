import type { Happened } from '../../../core/audit/trail.js';
import { assertThat } from '../../../core/errors.js';
import { closeAndNotify } from '../../../core/outbox/close-and-notify.js';
import type { Db } from '../../../core/store/index.js';
import type { FidoDeps } from '../deps.js';
import { closeLink, type LinkRow } from './links-repo.js';
import { readStatus, type LinkKind } from './link.js';
import type { UserRow } from '../users/users-repo.js';
import { linkView } from '../views.js';

export interface Outcome {
  status: 'COMPLETED' | 'ERROR' | 'EXPIRED';
  /** The user as it is after the change (registered after a completed registration). */
  user: UserRow | undefined;
}

/**
 * Closes a pending link and queues its status callback (the resource as it now reads, plus `jwt`)
 * in one transaction; `alsoInTx` adds the ceremony's own writes. A ceremony that ends after the
 * link's expiry is FIDO_LINK_EXPIRED, as the link would be answered if opened now (the RP may have
 * read it EXPIRED already); a link that another request closed first is FIDO_LINK_USED. If any
 * step throws, nothing is written.
 */
export async function finishLink(
  deps: FidoDeps,
  kind: LinkKind,
  link: LinkRow,
  outcome: Outcome,
  alsoInTx?: (tx: Db) => Promise<void>,
): Promise<void> {
  await closeAndNotify(deps, {
    close: async (tx) => {
      // Read in the transaction: the close is judged against the expiry as of its own write.
      const now = deps.clock.now();
      const closed = closedLink(link, outcome, now);
      const change = { status: outcome.status, userId: closed.user_id, now: now.toISOString() };
      if (await closeLink(tx, kind, link, change)) {
        await deps.audit.record(tx, auditOf(kind, closed, outcome));
        return {
          view: linkView(kind, closed, outcome.user, now),
          callbackUrl: link.callback_url,
          customerId: link.customer_id,
        };
      }
      const expired = outcome.status !== 'EXPIRED' && readStatus(link, now) === 'EXPIRED';
      assertThat(!expired, 'FIDO_LINK_EXPIRED');
      return null;
    },
    alsoInTx,
    closedError: 'FIDO_LINK_USED',
  });
}

/** The event of a closed link: a passkey registered or used, or the ceremony's failure. */
function auditOf(kind: LinkKind, link: LinkRow, outcome: Outcome): Happened {
  const name = kind === 'registrations' ? 'registration' : 'authentication';
  const done = kind === 'registrations' ? 'fido.passkey.registered' : 'fido.passkey.used';
  const action =
    outcome.status === 'COMPLETED' ? done : `fido.${name}.${outcome.status.toLowerCase()}`;
  return {
    action,
    customerId: link.customer_id,
    outcome: outcome.status === 'COMPLETED' ? 'success' : 'failure',
    ...(outcome.status === 'EXPIRED' ? {} : { actor: { kind: 'user', user: link.user_id } }),
    targets: { [name]: link.id, fido_user: link.user_id },
  };
}

/** The link as the close writes it: only the closing columns change. */
function closedLink(link: LinkRow, outcome: Outcome, now: Date): LinkRow {
  return {
    ...link,
    status: outcome.status,
    user_id: outcome.user?.id ?? link.user_id,
    challenge: null,
    finished_at: now.toISOString(),
  };
}
