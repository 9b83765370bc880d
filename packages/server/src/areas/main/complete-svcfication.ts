import type { Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../core/store/schema.js';
import type { MainDeps } from './deps.js';
import type { Svcfication, SvcficationResult } from './schemas.js';
import { signals } from './svcfication-signals.js';
import { findSvcfication, svcficationView } from './svcfications-repo.js';

export type CompletionDeps = Pick<MainDeps, 'db' | 'clock' | 'ids' | 'keys' | 'outbox' | 'waiters'>;

/**
 * Moves an open svcfication to its final status in one transaction: `alsoInTx` first (e.g. the
 * answer's nonces), then a conditional update (only if it is still IN_PROGRESS and unexpired, so
 * two answers cannot both win), then the callback in the outbox. Throws SVCFICATION_CLOSED when
 * it was no longer open, and then nothing is written. Wakes long polls and the outbox after commit.
 */
export async function completeSvcfication(
  deps: CompletionDeps,
  customerId: string,
  id: string,
  status: Svcfication['status'],
  result: SvcficationResult | null,
  alsoInTx?: (tx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const sign = await deps.keys.prepare();
  await deps.db.transaction().execute(async (tx) => {
    await alsoInTx?.(tx);
    const now = deps.clock.now().toISOString();
    const open = tx
      .updateTable('svcfications')
      .set({ status, result: result ? JSON.stringify(result) : null, updated_at: now })
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .where('status', '=', 'IN_PROGRESS');
    const updated = await (
      status === 'EXPIRED'
        ? open.where('expires_at', '<=', now)
        : open.where('expires_at', '>', now)
    ).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('SVCFICATION_CLOSED');
    const row = await findSvcfication(tx, customerId, id);
    if (row?.callback_url) {
      const view = svcficationView(row, deps.clock.now());
      await deps.outbox.enqueue(tx, {
        kind: 'callback',
        target: row.callback_url,
        payload: { ...view, jwt: await sign({ ...view }) },
      });
    }
  });
  deps.waiters.notify(signals.changed(id));
  deps.outbox.notify();
}
