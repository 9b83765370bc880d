import type { JWK } from 'jose';
import { AppError } from '../../core/errors.js';
import { useNonce } from '../../core/nonces.js';
import type { Db } from '../../core/store/index.js';
import type { DevicesTable } from '../../core/store/schema.js';
import { addresseeOf, isAddressedTo } from './addressing.js';
import { completeSvcfication } from './complete-svcfication.js';
import type { SvcficationsDeps } from './deps.js';
import { checkPayload, readPayload, rejected, type Payload } from './payloads.js';
import { resultOf } from './result.js';
import { numberMatchFailure } from './number-matching.js';
import { acceptedStatus, isOpen } from './status.js';
import { findSvcfication } from './svcfications-repo.js';

/** How long payload nonces are remembered: far beyond any svcfication's life. */
const nonceMemoryMs = 7 * 24 * 60 * 60 * 1000;

/** Checks that the payloads form one answer by the signing device to one svcfication. */
function oneAnswer(payloads: Payload[], deviceIdentifier: string): string {
  if (new Set(payloads.map((p) => p.type)).size !== payloads.length)
    throw rejected('each payload type may appear once');
  const svcficationId = payloads[0]?.svcfication_id ?? '';
  if (payloads.some((p) => p.svcfication_id !== svcficationId))
    throw rejected('all payloads must answer the same svcfication');
  if (payloads.some((p) => p.device_identifier !== deviceIdentifier))
    throw rejected('payloads must name the signing device');
  return svcficationId;
}

/**
 * Level 1 = valid device_ar; 2 = plus the user's presence (`user_presence` signed by the auth key,
 * or a web app's `webauthn_presence`); 3 = plus a license hash the user registered.
 */
async function achievedLevel(
  deps: SvcficationsDeps,
  customerId: string,
  userId: string,
  payloads: Payload[],
): Promise<number> {
  const has = (type: Payload['type']) => payloads.some((p) => p.type === type);
  if (!has('device_ar')) throw rejected('a device_ar payload is required');
  const license = payloads.find((p) => p.type === 'aamva_drivers_license');
  if (
    license &&
    !(await deps.identity.documentHashes(customerId, [userId])).includes(license.hash ?? '')
  )
    throw rejected('aamva_drivers_license: hash matches no registered document of the user');
  return has('user_presence') || has('webauthn_presence') ? (license ? 3 : 2) : 1;
}

/** A web app's WebAuthn presence proof, checked; the step recording its counter, if there is one. */
async function presenceStep(deps: SvcficationsDeps, payloads: Payload[]) {
  const presence = payloads.find((p) => p.type === 'webauthn_presence');
  if (!presence?.assertion || !presence.nonce) return null;
  return deps.checkPresence({
    svcficationId: presence.svcfication_id,
    deviceIdentifier: presence.device_identifier,
    nonce: presence.nonce,
    assertion: presence.assertion,
  });
}

/** Consumes the payloads' nonces in the closing transaction: a replayed one undoes the answer. */
function consumeNonces(deps: SvcficationsDeps, deviceIdentifier: string, payloads: Payload[]) {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + nonceMemoryMs);
  return async (tx: Db) => {
    for (const p of payloads) {
      if (p.nonce && !(await useNonce(tx, `payload:${deviceIdentifier}:${p.nonce}`, expires, now)))
        throw rejected(`${p.type}: nonce was already used`);
    }
  };
}

/**
 * A device answers a svcfication with signed payloads. Every payload is checked first; any defect
 * is a 422 and changes nothing (nonces are consumed in the same transaction as the status change).
 * A signed answer with a missing or wrong match number is a real answer: it rejects the svcfication.
 */
export async function respondToSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  device: DevicesTable,
  texts: string[],
): Promise<void> {
  const items = texts.map(readPayload);
  const payloads = items.map((d) => d.payload);
  const svcficationId = oneAnswer(payloads, device.identifier);
  const by = addresseeOf(deps, customerId, device);
  const row = await findSvcfication(deps.db, customerId, svcficationId);
  if (!row || !(await isAddressedTo(row, by)))
    throw rejected('svcfication_id names no svcfication addressed to this device');
  if (!isOpen(row, deps.clock.now())) throw new AppError('SVCFICATION_CLOSED');
  const keys = {
    device: JSON.parse(device.device_public_key) as JWK,
    auth: device.auth_public_key ? (JSON.parse(device.auth_public_key) as JWK) : null,
  };
  for (const item of items) checkPayload(item, keys);
  const presence = await presenceStep(deps, payloads);
  const consume = consumeNonces(deps, device.identifier, payloads);
  const nonces = async (tx: Db) => {
    await consume(tx);
    await presence?.(tx);
  };
  const mismatch = numberMatchFailure(row.match_number, payloads);
  if (mismatch) {
    const rejection = { ...(await resultOf(deps, by, null)), reason: mismatch };
    return completeSvcfication(deps, row, 'REJECTED', rejection, nonces);
  }
  const level = await achievedLevel(deps, customerId, device.user_id, payloads);
  const result = await resultOf(deps, by, level);
  await completeSvcfication(deps, row, acceptedStatus(level, row.desired_level), result, nonces);
}
