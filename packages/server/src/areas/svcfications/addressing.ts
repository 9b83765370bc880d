import type { SvcficationsTable } from '../../core/store/schema.js';
import type { SvcficationsDeps } from './deps.js';

/**
 * Whether a svcfication is addressed to a device: a device target names it, a `svc_id` target its
 * user, an identifier target an identifier it is actively bound to. The same rule decides who may
 * read, answer, reject or cancel; `oldestOpenFor` (svcfications-repo.ts) is its SQL form for /next.
 * Answers the device when it is addressed, else null.
 */
export async function addressedDevice(
  deps: Pick<SvcficationsDeps, 'identity'>,
  customerId: string,
  row: SvcficationsTable,
  deviceIdentifier: string,
) {
  const device = await deps.identity.device(customerId, deviceIdentifier);
  if (!device) return null;
  if (row.target_device) return row.target_device === device.identifier ? device : null;
  if (row.target_user_id) return row.target_user_id === device.user_id ? device : null;
  const identifiers = await deps.identity.activeIdentifiersOf(customerId, device.identifier);
  return row.user_identifier !== null && identifiers.includes(row.user_identifier) ? device : null;
}
