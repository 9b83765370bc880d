import type { Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../core/store/schema.js';
import type { MainDeps } from './deps.js';
import type { Svcfication, SvcficationResult } from './schemas.js';
import { signals } from './svcfication-signals.js';
import { findSvcfication, svcficationView } from './svcfications-repo.js';

/**
 * Moves an open svcfication to its final status in the caller's transaction (only if it is still
 * IN_PROGRESS and unexpired: a conditional update, so two answers cannot both win) and queues the
 * callback in the same transaction. Throws SVCFICATION_CLOSED when it was no longer open.
 */
export type CompletionDeps = Pick<MainDeps, 'db' | 'clock' | 'ids' | 'keys' | 'outbox' | 'waiters'>;

export async function completeSvcfication(deps: CompletionDeps, tx: Transaction<Database>, customerId: string, id: string, status: Svcfication['status'], result: SvcficationResult | null): Promise<Svcfication> {
  const now = deps.clock.now().toISOString();
  const open = tx
    .updateTable('svcfications')
    .set({ status, result: result ? JSON.stringify(result) : null, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('status', '=', 'IN_PROGRESS');
  const updated = await (status === 'EXPIRED' ? open.where('expires_at', '<=', now) : open.where('expires_at', '>', now)).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError('SVCFICATION_CLOSED');
  const row = await findSvcfication(tx, customerId, id);
  if (!row) throw new Error('svcfication vanished');
  const view = svcficationView(row, deps.clock.now());
  if (row.callback_url) {
    const jwt = await deps.keys.sign({ ...view });
    await deps.outbox.enqueue(tx, { kind: 'callback', target: row.callback_url, payload: { ...view, jwt } });
  }
  return view;
}

/** After the transaction committed: wake long polls on it and the outbox worker. */
export function announce(deps: CompletionDeps, id: string): void {
  deps.waiters.notify(signals.changed(id));
  deps.outbox.notify();
}
