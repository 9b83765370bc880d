import { AppError, assertThat } from '../../core/errors.js';
import type { SvccodesDeps } from './deps.js';
import { findCustomerSvccode } from './svccodes-repo.js';

/**
 * Binds the user who scanned the RP's code to the RP's identifier: the identifier becomes that
 * user's identifier and the scanning device gets an (inactive) binding, exactly as
 * `POST /user_devices` makes them. A user that already has an identifier for this RP is a
 * conflict, even the same one: the spec names that case 409 without exception.
 */
export async function bindScanningUser(
  deps: SvccodesDeps,
  customerId: string,
  input: { svccode_id: string; user_identifier: string },
) {
  const code = await findCustomerSvccode(deps.db, customerId, input.svccode_id);
  assertThat(code, 'SVCCODE_INVALID', 'No svccode of this relying party has this id.');
  assertThat(
    code.paired_device,
    'SVCCODE_NOT_PAIRED',
    'No device has paired with this svccode yet.',
  );
  const device = await deps.identity.deviceAnywhere(code.paired_device);
  assertThat(
    device?.customer_id === customerId,
    'SVCCODE_NOT_PAIRED',
    'No user was found for the device that paired.',
  );
  const known = await deps.identity.identifierOfUser(customerId, device.user_id);
  const bound = await deps.identity.bindingOf(customerId, device.identifier);
  if (known !== null || bound !== null) throw new AppError('USER_ALREADY_BOUND');
  try {
    return await deps.identity.bindDevice(
      customerId,
      {
        device_identifier: device.identifier,
        user_identifier: input.user_identifier,
      },
      deps.audit,
    );
  } catch (err) {
    // bindDevice checks again inside its transaction; a concurrent binding of another identifier
    // lands here and means the same conflict.
    if (err instanceof AppError && err.code === 'DEVICE_ALREADY_BOUND')
      throw new AppError('USER_ALREADY_BOUND');
    throw err;
  }
}
