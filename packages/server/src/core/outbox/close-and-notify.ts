import { callbackBinding } from '@svc/wire';
import type { SigningKeys } from '../crypto/signing-keys.js';
import { AppError, type ErrorCode } from '../errors.js';
import type { Db } from '../store/index.js';
import type { Outbox } from './index.js';

export interface Closing {
  /**
   * The conditional state change (only if the resource is still open). Answers the resource as it
   * now reads, where its callback goes and the customer it is for, or null when it was no longer
   * open.
   */
  close(tx: Db): Promise<{ view: object; callbackUrl: string | null; customerId: string } | null>;
  /** Further writes of the same change (a credential, consumed nonces); a throw undoes all. */
  alsoInTx?: (tx: Db) => Promise<void>;
  /** What a caller hears when the resource was closed already. */
  closedError: ErrorCode;
}

/**
 * The one way a resource completes with a callback (svcfications, FIDO links): in a single
 * transaction the resource is closed, the other writes of the change are made and the callback is
 * queued — the resource view plus `jwt`, an ES256 signature over the same object (verifiable at
 * /jwks) whose header binds it to its customer as a callback (`callbackBinding`: receivers
 * refuse it elsewhere). Nothing is written when any step throws. The worker is woken after the
 * commit.
 */
export async function closeAndNotify(
  deps: { db: Db; keys: SigningKeys; outbox: Outbox },
  closing: Closing,
): Promise<void> {
  // Loaded before the transaction: the key may come from the store, which a held SQLite
  // transaction (its one connection) would block.
  const sign = await deps.keys.prepare();
  await deps.db.transaction().execute(async (tx) => {
    const closed = await closing.close(tx);
    if (!closed) throw new AppError(closing.closedError);
    await closing.alsoInTx?.(tx);
    if (closed.callbackUrl) {
      const header = callbackBinding(closed.customerId);
      const payload = { ...closed.view, jwt: await sign({ ...closed.view }, { header }) };
      await deps.outbox.enqueue(tx, {
        kind: 'callback',
        target: closed.callbackUrl,
        payload,
        customerId: closed.customerId,
      });
    }
  });
  deps.outbox.notify();
}
