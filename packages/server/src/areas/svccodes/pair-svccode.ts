import type { JWK } from 'jose';
import { AppError, assertThat } from '../../core/errors.js';
import type { DeviceKey } from '../../core/crypto/device-sig.js';
import type { DevicesTable } from '../../core/store/schema.js';
import type { SvccodesDeps } from './deps.js';
import { svccodePaired } from './signals.js';
import { readSvccodePayload } from './svccode-payload.js';
import { markPaired } from './svccodes-repo.js';

/**
 * Pairs the scanned code with the device that scanned it (its X-Device-Sig was checked by the
 * route). The payload must be genuine and unexpired, and the code must belong to the device's
 * customer: another RP's code is as invalid as a forged one. A code pairs once: the conditional
 * UPDATE lets exactly one of any concurrent pairings through.
 */
export async function pairSvccode(
  deps: SvccodesDeps,
  device: DevicesTable,
  payload: string,
): Promise<void> {
  const now = deps.clock.now();
  const claims = readSvccodePayload(deps.payloadKey, payload, now);
  assertThat(claims, 'SVCCODE_INVALID', 'The payload is not a genuine, unexpired svccode.');
  const code = { id: claims.id, customerId: device.customer_id };
  if (!(await markPaired(deps.db, code, device.identifier, now.toISOString())))
    throw new AppError(
      'SVCCODE_INVALID',
      'The svccode is unknown to this relying party, expired or already paired.',
    );
  deps.waiters.notify(svccodePaired(claims.id));
}

/**
 * `POST /paired_svccodes` has no Authorization (spec): the device named by `identifier` must sign
 * the request with X-Device-Sig instead, so nobody can pair on another device's behalf. Unknown
 * device → 424; a missing, foreign or replayed signature → 403.
 */
export async function pairingDeviceKey(
  deps: SvccodesDeps,
  identifier: string,
): Promise<(thumbprint: string) => Promise<DeviceKey | null>> {
  const device = await deps.identity.deviceAnywhere(identifier);
  assertThat(device, 'DEVICE_UNKNOWN');
  const jwk = JSON.parse(device.device_public_key) as JWK;
  const key = { identifier: device.identifier, jwk, device };
  return async (thumbprint) => (thumbprint === device.thumbprint ? key : null);
}
