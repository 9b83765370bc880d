import { closeAndNotify } from '../../core/outbox/close-and-notify.js';
import type { Db } from '../../core/store/index.js';
import type { SvcficationsDeps } from './deps.js';
import type { Svcfication, SvcficationResult } from './schemas.js';
import { signals } from './signals.js';
import { closeSvcfication, type SvcficationRow } from './svcfications-repo.js';
import { svcficationView } from './views.js';

export type CompletionDeps = Pick<
  SvcficationsDeps,
  'db' | 'clock' | 'keys' | 'outbox' | 'waiters' | 'metrics' | 'audit'
>;

/** The audit action of a final status. */
function actionOf(status: Svcfication['status'], result: SvcficationResult | null): string {
  if (status === 'REJECTED')
    return result?.reason === 'fraud' ? 'svcfication.fraud_reported' : 'svcfication.rejected';
  if (status === 'EXPIRED') return 'svcfication.expired';
  if (status === 'CANCELED') return 'svcfication.cancelled';
  return 'svcfication.answered';
}

/**
 * Moves an open svcfication, as its caller read it, to its final status, with its callback, in
 * one transaction (see closeAndNotify); `alsoInTx` adds the answer's own writes (its nonces).
 * Throws SVCFICATION_CLOSED when it was no longer open, and then nothing is written. Wakes long
 * polls after the commit. Only the closing columns of a svcfication ever change, and only while it
 * is open, so the row read before plus the change is the row as closed (no read after the write).
 */
export async function completeSvcfication(
  deps: CompletionDeps,
  row: SvcficationRow,
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
      if (!(await closeSvcfication(tx, row.customer_id, row.id, change))) return null;
      await deps.audit.record(tx, {
        action: actionOf(status, result),
        customerId: row.customer_id,
        outcome: status.startsWith('ACCEPTED') || status === 'CANCELED' ? 'success' : 'failure',
        targets: {
          svcfication: row.id,
          user: result?.bound_user_identifier ?? row.user_identifier,
          device: result?.device_identifier ?? row.target_device,
        },
        details: {
          status,
          level: result?.accepted_level ?? null,
          desired_level: row.desired_level,
          reason: result?.reason ?? null,
        },
      });
      const view = svcficationView({ ...row, ...change }, now);
      return { view, callbackUrl: row.callback_url, customerId: row.customer_id };
    },
  });
  deps.waiters.notify(signals.changed(row.id));
  deps.metrics.svcficationsCompleted.inc({ status });
}
