import type { AuditTrail } from '../../core/audit/trail.js';
import type { JWK } from 'jose';
import type { DeviceKey } from '../../core/crypto/device-sig.js';
import { activeIdentifiersOf, countActiveReceivers, findBindingOfDevice } from './bindings-repo.js';
import { bindDevice } from './bind-device.js';
import type { IdentityDeps } from './deps.js';
import {
  countActiveDevicesOfUser,
  findDevice,
  findDeviceAnywhere,
  findDeviceByThumbprint,
} from './devices-repo.js';
import { documentsOfUsers } from './documents-repo.js';
import { identifierUsers } from './users-of-identifier.js';
import { identifierOfUser, userExists } from './users-repo.js';

/**
 * What other areas (and the X-Device-Sig check of core/http) may ask of identity: app.ts hands
 * this to them, so they never reach into identity's tables or files themselves.
 */
export function identityDirectory(deps: IdentityDeps) {
  const { db } = deps;
  return {
    /** A registered device key of the customer by RFC 7638 thumbprint (X-Device-Sig). */
    deviceKey: async (customerId: string, thumbprint: string): Promise<DeviceKey | null> => {
      const row = await findDeviceByThumbprint(db, customerId, thumbprint);
      return row
        ? { identifier: row.identifier, jwk: JSON.parse(row.device_public_key) as JWK, device: row }
        : null;
    },
    device: (customerId: string, identifier: string) => findDevice(db, customerId, identifier),
    /** By identifier alone: pairing carries no credentials that would name the customer. */
    deviceAnywhere: (identifier: string) => findDeviceAnywhere(db, identifier),
    activeIdentifiersOf: (customerId: string, deviceIdentifier: string) =>
      activeIdentifiersOf(db, customerId, deviceIdentifier),
    /** The identifier a device is bound to, active or not. */
    bindingOf: async (customerId: string, deviceIdentifier: string) =>
      (await findBindingOfDevice(db, customerId, deviceIdentifier))?.user_identifier ?? null,
    identifierOfUser: async (customerId: string, userId: string) =>
      (await identifierOfUser(db, customerId, userId)) ?? null,
    userExists: (customerId: string, userId: string) => userExists(db, customerId, userId),
    identifierUsers: (customerId: string, identifier: string) =>
      identifierUsers(db, customerId, identifier),
    /** Whether any active device of the user could receive a svcfication addressed to it. */
    userCanReceive: async (customerId: string, userId: string) =>
      (await countActiveDevicesOfUser(db, customerId, userId)) > 0,
    /** Whether an active device is actively bound to the identifier. */
    identifierCanReceive: async (customerId: string, identifier: string) =>
      (await countActiveReceivers(db, customerId, identifier)) > 0,
    documentHashes: async (customerId: string, userIds: string[]) =>
      (await documentsOfUsers(db, customerId, userIds)).map((d) => d.hash),
    bindDevice: (
      customerId: string,
      input: { device_identifier: string; user_identifier: string },
      audit: AuditTrail,
    ) => bindDevice({ ...deps, audit }, customerId, input),
  };
}
