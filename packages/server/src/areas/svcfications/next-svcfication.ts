import type { DevicesTable } from '../../core/store/schema.js';
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
  signer: DevicesTable,
  waitSeconds = 0,
  signal?: AbortSignal,
): Promise<Svcfication | null> {
  const deadline = Date.now() + waitSeconds * 1000;
  let device: DevicesTable | undefined = signer;
  while (device) {
    // Watched before the read: a svcfication created while it runs still wakes this poll.
    const forUser = signals.created(customerId, device.user_id);
    const created = deps.waiters.watch(forUser, deadline - Date.now(), signal);
    try {
      const found = await findNext(deps, customerId, device);
      if (found || Date.now() >= deadline || signal?.aborted) return found;
      const woken = await created.woken;
      // Read again after the wait: the device may have been deactivated meanwhile.
      device = await deps.identity.device(customerId, signer.identifier);
      if (!woken) return device ? await findNext(deps, customerId, device) : null;
    } finally {
      created.cancel();
    }
  }
  return null;
}

/** Only active devices get anything. */
async function findNext(
  deps: SvcficationsDeps,
  customerId: string,
  device: DevicesTable,
): Promise<Svcfication | null> {
  if (device.active !== 1) return null;
  const identifiers = await deps.identity.activeIdentifiersOf(customerId, device.identifier);
  const now = deps.clock.now();
  const row = await oldestOpenFor(deps.db, customerId, device, identifiers, now.toISOString());
  return row ? svcficationView(row, now, 'device') : null;
}
