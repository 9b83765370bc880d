import { AppError, assertThat } from '../../core/errors.js';
import type { MainDeps } from './deps.js';
import { readSvccodePayload } from './svccode-payload.js';
import { findDeviceAnywhere, svccodeKey, svccodePaired } from './svccodes-repo.js';

/**
 * Pairs the scanned code with the device that scanned it (its X-Device-Sig was checked by the
 * route). The payload must be genuine and unexpired, and the code must belong to the device's
 * customer: another RP's code is as invalid as a forged one. A code pairs once: the conditional
 * UPDATE lets exactly one of any concurrent pairings through.
 */
export async function pairSvccode(
  deps: MainDeps,
  deviceIdentifier: string,
  payload: string,
): Promise<void> {
  const now = deps.clock.now();
  const claims = readSvccodePayload(svccodeKey(deps), payload, now);
  assertThat(claims, 'SVCCODE_INVALID', 'The payload is not a genuine, unexpired svccode.');
  const device = await findDeviceAnywhere(deps.db, deviceIdentifier);
  assertThat(device, 'DEVICE_UNKNOWN');
  const result = await deps.db
    .updateTable('svccodes')
    .set({ paired_device: device.identifier, paired_at: now.toISOString() })
    .where('id', '=', claims.id)
    .where('customer_id', '=', device.customer_id)
    .where('paired_device', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new AppError(
      'SVCCODE_INVALID',
      'The svccode is unknown to this relying party, expired or already paired.',
    );
  deps.waiters.notify(svccodePaired(claims.id));
}
