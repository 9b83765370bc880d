import type { Db } from '../store/index.js';
import type { OutboxTable } from '../store/schema.js';

/** Keeps one delivery attempt's outcome and time beside its item (the console's delivery log). */
export async function insertAttempt(
  tx: Db,
  row: OutboxTable,
  attempt: { started: number; error: string | null },
  now: Date,
): Promise<void> {
  await tx
    .insertInto('outbox_attempts')
    .values({
      outbox_id: row.id,
      attempt: row.attempts + 1,
      at: new Date(attempt.started).toISOString(),
      outcome: attempt.error === null ? 'delivered' : 'failed',
      duration_ms: Math.max(0, now.getTime() - attempt.started),
      error: attempt.error,
    })
    .execute();
}

/**
 * The work's outcome, or the signal's reason as soon as it aborts (the work may ignore the signal);
 * work is not started once the signal has aborted.
 */
export function untilAborted(work: () => Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(abortReason(signal));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
