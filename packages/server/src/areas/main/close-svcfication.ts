import { AppError, assertThat } from '../../core/errors.js';
import { completeSvcfication, type CompletionDeps } from './complete-svcfication.js';
import type { MainDeps } from './deps.js';
import { findDevice } from './devices-repo.js';
import { activeIdentifiersOf, addressedTo, findSvcfication } from './svcfications-repo.js';

/** The device declines: REJECTED, with a result that records who declined. */
export async function rejectSvcfication(
  deps: MainDeps,
  customerId: string,
  deviceIdentifier: string,
  id: string,
): Promise<void> {
  const device = await findDevice(deps.db, customerId, deviceIdentifier);
  const row = await findSvcfication(deps.db, customerId, id);
  if (
    !device ||
    !row ||
    !addressedTo(row, device, await activeIdentifiersOf(deps.db, customerId, device.identifier))
  )
    throw new AppError(
      'SVCFICATION_CLOSED',
      'No open svcfication with this id is addressed to this device.',
    );
  const [bound = null] = await activeIdentifiersOf(deps.db, customerId, device.identifier);
  const result = {
    id: deps.ids.uuid(),
    accepted: false,
    is_accepted: false,
    accepted_level: null,
    bound_user_identifier: bound,
    device_identifier: device.identifier,
    user_identifier: bound,
  };
  await completeSvcfication(deps, customerId, id, 'REJECTED', result);
}

/** The RP (or, with SDK credentials, a device it is addressed to) withdraws an IN_PROGRESS request: CANCELED. */
export async function cancelSvcfication(
  deps: MainDeps,
  customerId: string,
  id: string,
  deviceIdentifier: string | null = null,
): Promise<void> {
  const row = await findSvcfication(deps.db, customerId, id);
  const device = deviceIdentifier ? await findDevice(deps.db, customerId, deviceIdentifier) : null;
  const allowed =
    row &&
    (!deviceIdentifier ||
      (device &&
        addressedTo(
          row,
          device,
          await activeIdentifiersOf(deps.db, customerId, device.identifier),
        )));
  assertThat(allowed, 'SVCFICATION_CLOSED', 'No svcfication with this id is open to this caller.');
  await completeSvcfication(deps, customerId, id, 'CANCELED', null);
}

/** Writes EXPIRED (and queues its callback) for every open svcfication past its expiry. */
export async function expireSvcfications(deps: CompletionDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  const due = await deps.db
    .selectFrom('svcfications')
    .select(['id', 'customer_id'])
    .where('status', '=', 'IN_PROGRESS')
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  for (const row of due) {
    await completeSvcfication(deps, row.customer_id, row.id, 'EXPIRED', null).catch(
      (err: unknown) => {
        if (!(err instanceof AppError)) throw err; // someone else closed it meanwhile
      },
    );
  }
  return due.length;
}
