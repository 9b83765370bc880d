import type { SvcficationsDeps } from './deps.js';
import type { Svcfication } from './schemas.js';
import { signals } from './signals.js';
import { oldestOpenFor } from './svcfications-repo.js';
import { svcficationView } from './views.js';

/**
 * The oldest open svcfication addressed to an active device. With `wait`, sleeps until one is
 * created for the device's user or the time is up.
 */
export async function nextSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  deviceIdentifier: string,
  waitSeconds = 0,
): Promise<Svcfication | null> {
  const deadline = Date.now() + waitSeconds * 1000;
  // A device's user never changes: its key is read once.
  const owner = (await deps.identity.device(customerId, deviceIdentifier))?.user_id;
  if (owner === undefined) return null;
  for (;;) {
    // Watched before the read: a svcfication created while it runs still wakes this poll.
    const created = deps.waiters.watch(signals.created(customerId, owner), deadline - Date.now());
    try {
      const found = await findNext(deps, customerId, deviceIdentifier);
      if (found || Date.now() >= deadline) return found;
      if (!(await created.woken)) return await findNext(deps, customerId, deviceIdentifier);
    } finally {
      created.cancel();
    }
  }
}

/** Only active devices get anything. */
async function findNext(
  deps: SvcficationsDeps,
  customerId: string,
  deviceIdentifier: string,
): Promise<Svcfication | null> {
  const device = await deps.identity.device(customerId, deviceIdentifier);
  if (device?.active !== 1) return null;
  const identifiers = await deps.identity.activeIdentifiersOf(customerId, device.identifier);
  const now = deps.clock.now();
  const row = await oldestOpenFor(deps.db, customerId, device, identifiers, now.toISOString());
  return row ? svcficationView(row, now, 'device') : null;
}
