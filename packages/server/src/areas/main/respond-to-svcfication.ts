import type { JWK } from 'jose';
import { AppError, assertThat } from '../../core/errors.js';
import { useNonce } from '../../core/nonces.js';
import { completeSvcfication } from './complete-svcfication.js';
import type { MainDeps } from './deps.js';
import { findDevice, type DeviceRow } from './devices-repo.js';
import { documentHashes } from './identity-documents.js';
import { checkPayload, decodePayload, type Payload } from './payloads.js';
import type { Svcfication } from './schemas.js';
import { activeIdentifiersOf, addressedTo, findSvcfication, isOpen } from './svcfications-repo.js';

const rejected = (reason: string) => new AppError('RESPONSE_INVALID', reason);

/** How long payload nonces are remembered: far beyond any svcfication's life. */
const nonceMemoryMs = 7 * 24 * 60 * 60 * 1000;

function statusFor(achieved: number, desired: number): Svcfication['status'] {
  return achieved === desired
    ? 'ACCEPTED'
    : achieved > desired
      ? 'ACCEPTED_AT_HIGHER_LEVEL'
      : 'ACCEPTED_AT_LOWER_LEVEL';
}

/** Level 1 = valid device_ar; 2 = plus user presence; 3 = plus a license hash the user registered. */
async function achievedLevel(
  deps: MainDeps,
  customerId: string,
  device: DeviceRow,
  payloads: Payload[],
): Promise<number> {
  const has = (type: Payload['type']) => payloads.some((p) => p.type === type);
  if (!has('device_ar')) throw rejected('a device_ar payload is required');
  const license = payloads.find((p) => p.type === 'aamva_drivers_license');
  if (
    license &&
    !(await documentHashes(deps, customerId, device.user_id)).includes(license.hash ?? '')
  )
    throw rejected('aamva_drivers_license: hash matches no registered document of the user');
  return has('user_presence') ? (license ? 3 : 2) : 1;
}

/**
 * A device answers a svcfication with signed payloads. Every payload is checked first; any defect
 * is a 422 and changes nothing (nonces are consumed in the same transaction as the status change).
 */
export async function respondToSvcfication(
  deps: MainDeps,
  customerId: string,
  deviceIdentifier: string,
  texts: string[],
): Promise<void> {
  const decoded = texts.map(decodePayload);
  const bad = decoded.find((d) => typeof d === 'string');
  if (typeof bad === 'string') throw rejected(bad);
  const items = decoded as Exclude<(typeof decoded)[number], string>[];
  const payloads = items.map((d) => d.payload);
  if (new Set(payloads.map((p) => p.type)).size !== payloads.length)
    throw rejected('each payload type may appear once');
  const svcficationId = payloads[0]?.svcfication_id ?? '';
  if (payloads.some((p) => p.svcfication_id !== svcficationId))
    throw rejected('all payloads must answer the same svcfication');
  if (payloads.some((p) => p.device_identifier !== deviceIdentifier))
    throw rejected('payloads must name the signing device');

  const device = await findDevice(deps.db, customerId, deviceIdentifier);
  assertThat(device, 'FORBIDDEN');
  const row = await findSvcfication(deps.db, customerId, svcficationId);
  if (
    !row ||
    !addressedTo(row, device, await activeIdentifiersOf(deps.db, customerId, device.identifier))
  )
    throw rejected('svcfication_id names no svcfication addressed to this device');
  if (!isOpen(row, deps.clock.now())) throw new AppError('SVCFICATION_CLOSED');
  const keys = {
    device: JSON.parse(device.device_public_key) as JWK,
    auth: device.auth_public_key ? (JSON.parse(device.auth_public_key) as JWK) : null,
  };
  for (const item of items) {
    const problem = checkPayload(item, keys);
    if (problem) throw rejected(problem);
  }
  const level = await achievedLevel(deps, customerId, device, payloads);
  const [boundIdentifier = null] = await activeIdentifiersOf(
    deps.db,
    customerId,
    device.identifier,
  );
  const now = deps.clock.now();
  const result = {
    id: deps.ids.uuid(),
    accepted: true,
    is_accepted: true,
    accepted_level: level,
    bound_user_identifier: boundIdentifier,
    device_identifier: device.identifier,
    user_identifier: boundIdentifier,
  };
  await completeSvcfication(
    deps,
    customerId,
    svcficationId,
    statusFor(level, row.desired_level),
    result,
    async (tx) => {
      for (const p of payloads) {
        if (
          p.nonce &&
          !(await useNonce(
            tx,
            `payload:${device.identifier}:${p.nonce}`,
            new Date(now.getTime() + nonceMemoryMs),
            now,
          ))
        )
          throw rejected(`${p.type}: nonce was already used`);
      }
    },
  );
}
