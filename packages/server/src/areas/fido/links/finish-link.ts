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
      if (await closeLink(tx, kind, link, change))
        return {
          view: linkView(kind, closed, outcome.user, now),
          callbackUrl: link.callback_url,
          customerId: link.customer_id,
        };
      const expired = outcome.status !== 'EXPIRED' && readStatus(link, now) === 'EXPIRED';
      assertThat(!expired, 'FIDO_LINK_EXPIRED');
      return null;
    },
    alsoInTx,
    closedError: 'FIDO_LINK_USED',
  });
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
