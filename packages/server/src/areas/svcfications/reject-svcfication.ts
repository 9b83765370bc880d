import { assertThat } from '../../core/errors.js';
import type { DevicesTable } from '../../core/store/schema.js';
import { addressedDevice } from './addressing.js';
import { completeSvcfication } from './complete-svcfication.js';
import type { SvcficationsDeps } from './deps.js';
import { resultOf } from './result.js';
import { findSvcfication } from './svcfications-repo.js';

/**
 * The device declines: REJECTED, with a result that records who declined and why. A `fraud` report
 * also blocks new svcfications to the user for a while (see checkFatigue).
 */
export async function rejectSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  device: DevicesTable,
  id: string,
  reason: 'declined' | 'fraud' = 'declined',
): Promise<void> {
  const row = await findSvcfication(deps.db, customerId, id);
  const by = row && (await addressedDevice(deps, customerId, row, device));
  assertThat(
    row && by,
    'SVCFICATION_CLOSED',
    'No open svcfication with this id is addressed to this device.',
  );
  const result = await resultOf(deps, by, null);
  await completeSvcfication(deps, row, 'REJECTED', { ...result, reason });
  if (reason === 'fraud') deps.metrics.fraudReports.inc();
}
