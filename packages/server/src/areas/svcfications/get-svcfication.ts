import { assertThat } from '../../core/errors.js';
import type { DevicesTable } from '../../core/store/schema.js';
import { addressedDevice } from './addressing.js';
import type { SvcficationsDeps } from './deps.js';
import type { Svcfication } from './schemas.js';
import { signals } from './signals.js';
import { isOpen } from './status.js';
import { findSvcfication } from './svcfications-repo.js';
import { svcficationView } from './views.js';

/**
 * One svcfication for the RP, or for a device it is addressed to (others' → 404). With `wait`,
 * holds the answer until the status leaves IN_PROGRESS (a change or its expiry) or time runs out.
 */
export async function getSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  id: string,
  options: { waitSeconds?: number; device?: DevicesTable | null; signal?: AbortSignal } = {},
): Promise<Svcfication> {
  let deadline = Date.now() + (options.waitSeconds ?? 0) * 1000;
  let device = options.device ?? null;
  for (let look = 0; ; look += 1) {
    // Watched before the read: an answer given while it runs still wakes this poll.
    const changed = deps.waiters.watch(signals.changed(id), deadline - Date.now(), options.signal);
    try {
      const row = await findSvcfication(deps.db, customerId, id);
      assertThat(row, 'SVCFICATION_NOT_FOUND');
      if (options.device) {
        // Read again after a wait: the device may have been deactivated meanwhile.
        if (look > 0 && device)
          device = (await deps.identity.device(customerId, device.identifier)) ?? null;
        const addressed = device && (await addressedDevice(deps, customerId, row, device));
        assertThat(addressed, 'SVCFICATION_NOT_FOUND');
      }
      const now = deps.clock.now();
      const remaining = deadline - Date.now();
      if (!isOpen(row, now) || remaining <= 0)
        return svcficationView(row, now, options.device ? 'device' : 'rp');
      changed.within(new Date(row.expires_at).getTime() - now.getTime() + 5);
      // Not woken (timeout, expiry or shutdown): answer what is there now.
      if (!(await changed.woken)) deadline = 0;
    } finally {
      changed.cancel();
    }
  }
}
