import { closeAndNotify } from '../../core/outbox/close-and-notify.js';
import type { Db } from '../../core/store/index.js';
import type { SvcficationsDeps } from './deps.js';
import type { Svcfication, SvcficationResult } from './schemas.js';
import { signals } from './signals.js';
import { closeSvcfication, findSvcfication } from './svcfications-repo.js';
import { svcficationView } from './views.js';

export type CompletionDeps = Pick<
  SvcficationsDeps,
  'db' | 'clock' | 'keys' | 'outbox' | 'waiters' | 'metrics'
>;

/**
 * Moves an open svcfication to its final status, with its callback, in one transaction (see
 * closeAndNotify); `alsoInTx` adds the answer's own writes (its nonces). Throws SVCFICATION_CLOSED
 * when it was no longer open, and then nothing is written. Wakes long polls after the commit.
 */
export async function completeSvcfication(
  deps: CompletionDeps,
  customerId: string,
  id: string,
  status: Svcfication['status'],
  result: SvcficationResult | null,
  alsoInTx?: (tx: Db) => Promise<void>,
): Promise<void> {
  await closeAndNotify(deps, {
    closedError: 'SVCFICATION_CLOSED',
    alsoInTx,
    close: async (tx) => {
      const now = deps.clock.now();
      const change = {
        status,
        result: result ? JSON.stringify(result) : null,
        reject_reason: result?.reason ?? null,
        updated_at: now.toISOString(),
      };
      if (!(await closeSvcfication(tx, customerId, id, change))) return null;
      const row = await findSvcfication(tx, customerId, id);
      return row ? { view: svcficationView(row, now), callbackUrl: row.callback_url } : null;
    },
  });
  deps.waiters.notify(signals.changed(id));
  deps.metrics.svcficationsCompleted.inc({ status });
}
