import { assertThat } from '../../core/errors.js';
import type { MainDeps } from './deps.js';
import { findDevice } from './devices-repo.js';
import type { Svcfication } from './schemas.js';
import { signals } from './svcfication-signals.js';
import {
  activeIdentifiersOf,
  addressedTo,
  findSvcfication,
  isOpen,
  selectSvcfications,
  svcficationView,
} from './svcfications-repo.js';

/**
 * One svcfication for the RP, or for a device it is addressed to (others' → 404). With `wait`,
 * holds the answer until the status leaves IN_PROGRESS (a change or its expiry) or time runs out.
 */
export async function getSvcfication(
  deps: MainDeps,
  customerId: string,
  id: string,
  options: { waitSeconds?: number; deviceIdentifier?: string | null } = {},
): Promise<Svcfication> {
  let deadline = Date.now() + (options.waitSeconds ?? 0) * 1000;
  for (;;) {
    const row = await findSvcfication(deps.db, customerId, id);
    assertThat(row, 'SVCFICATION_NOT_FOUND');
    if (options.deviceIdentifier) {
      const device = await findDevice(deps.db, customerId, options.deviceIdentifier);
      assertThat(
        device &&
          addressedTo(
            row,
            device,
            await activeIdentifiersOf(deps.db, customerId, device.identifier),
          ),
        'SVCFICATION_NOT_FOUND',
      );
    }
    const now = deps.clock.now();
    const remaining = deadline - Date.now();
    if (!isOpen(row, now) || remaining <= 0) return svcficationView(row, now);
    const untilExpiry = new Date(row.expires_at).getTime() - now.getTime() + 5;
    // Not woken (timeout, expiry or shutdown): answer what is there now.
    if (!(await deps.waiters.wait(signals.changed(id), Math.min(remaining, untilExpiry))))
      deadline = 0;
  }
}

/** History of one RP identifier, newest first; `before` pages by creation time. */
export async function listSvcfications(
  deps: MainDeps,
  customerId: string,
  query: { user_identifier: string; limit?: number; before?: string },
): Promise<Svcfication[]> {
  let q = selectSvcfications(deps.db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.user_identifier', '=', query.user_identifier);
  if (query.before)
    q = q.where('svcfications.created_at', '<', new Date(query.before).toISOString());
  const rows = await q
    .orderBy('svcfications.created_at', 'desc')
    .orderBy('svcfications.id', 'desc')
    .limit(query.limit ?? 20)
    .execute();
  const now = deps.clock.now();
  return rows.map((r) => svcficationView(r, now));
}

/**
 * The oldest open svcfication addressed to an active device, directly, to its user or to an
 * identifier it is actively bound to. With `wait`, sleeps until one is created for the customer.
 */
export async function nextSvcfication(
  deps: MainDeps,
  customerId: string,
  deviceIdentifier: string,
  waitSeconds = 0,
): Promise<Svcfication | null> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const found = await findNext(deps, customerId, deviceIdentifier);
    const remaining = deadline - Date.now();
    if (found || remaining <= 0) return found;
    if (!(await deps.waiters.wait(signals.created(customerId), remaining)))
      return findNext(deps, customerId, deviceIdentifier);
  }
}

async function findNext(
  deps: MainDeps,
  customerId: string,
  deviceIdentifier: string,
): Promise<Svcfication | null> {
  const device = await findDevice(deps.db, customerId, deviceIdentifier);
  if (device?.active !== 1) return null;
  const identifiers = await activeIdentifiersOf(deps.db, customerId, device.identifier);
  const now = deps.clock.now();
  const row = await selectSvcfications(deps.db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.status', '=', 'IN_PROGRESS')
    .where('svcfications.expires_at', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        eb('svcfications.target_device', '=', device.identifier),
        eb.and([
          eb('svcfications.target_device', 'is', null),
          eb('svcfications.target_user_id', '=', device.user_id),
        ]),
        ...(identifiers.length > 0
          ? [
              eb.and([
                eb('svcfications.target_device', 'is', null),
                eb('svcfications.target_user_id', 'is', null),
                eb('svcfications.user_identifier', 'in', identifiers),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('svcfications.created_at')
    .orderBy('svcfications.id')
    .executeTakeFirst();
  return row ? svcficationView(row, now) : null;
}
