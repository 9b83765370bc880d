import { assertThat } from '../../core/errors.js';
import type { DevicesTable } from '../../core/store/schema.js';
import { addressedDevice } from './addressing.js';
import { completeSvcfication } from './complete-svcfication.js';
import type { SvcficationsDeps } from './deps.js';
import { findSvcfication } from './svcfications-repo.js';

/**
 * The RP (or, with SDK credentials, a device it is addressed to) withdraws an IN_PROGRESS
 * request: CANCELED.
 */
export async function cancelSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  id: string,
  device: DevicesTable | null = null,
): Promise<void> {
  const row = await findSvcfication(deps.db, customerId, id);
  const allowed = row && (!device || (await addressedDevice(deps, customerId, row, device)));
  assertThat(
    row && allowed,
    'SVCFICATION_CLOSED',
    'No svcfication with this id is open to this caller.',
  );
  await completeSvcfication(deps, row, 'CANCELED', null);
}
