import type { DevicesTable, SvcficationsTable } from '../../core/store/schema.js';
import type { SvcficationsDeps } from './deps.js';

/** A device a svcfication is addressed to, and the identifiers it is actively bound to. */
export interface Addressee {
  device: DevicesTable;
  /** Read when first asked for, then kept: a request asks at most once. */
  identifiers(): Promise<string[]>;
}

/** The device with its bound identifiers, read from the store only if someone asks for them. */
export function addresseeOf(
  deps: Pick<SvcficationsDeps, 'identity'>,
  customerId: string,
  device: DevicesTable,
): Addressee {
  let identifiers: Promise<string[]> | undefined;
  return {
    device,
    identifiers: () =>
      (identifiers ??= deps.identity.activeIdentifiersOf(customerId, device.identifier)),
  };
}

/**
 * Whether a svcfication is addressed to a device: an active device that a device target names, a
 * `svc_id` target's user owns, or that is actively bound to an identifier target. The same rule
 * decides who may read, answer, reject or cancel (a deactivated device is revoked: it does none of
 * these); `oldestOpenFor` (svcfications-repo.ts) is its SQL form for /next.
 */
export async function isAddressedTo(row: SvcficationsTable, to: Addressee): Promise<boolean> {
  if (to.device.active !== 1) return false;
  if (row.target_device) return row.target_device === to.device.identifier;
  if (row.target_user_id) return row.target_user_id === to.device.user_id;
  return row.user_identifier !== null && (await to.identifiers()).includes(row.user_identifier);
}

/** The device as an addressee when the svcfication is addressed to it, else null. */
export async function addressedDevice(
  deps: Pick<SvcficationsDeps, 'identity'>,
  customerId: string,
  row: SvcficationsTable,
  device: DevicesTable,
): Promise<Addressee | null> {
  const to = addresseeOf(deps, customerId, device);
  return (await isAddressedTo(row, to)) ? to : null;
}
