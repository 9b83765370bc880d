import type { EnrolledDevice, RedeemEnrollmentBody } from '@svc/wire';
import { sha256Hex } from '../../../core/crypto/secret-box.js';
import { issueToken } from '../../../core/crypto/tokens.js';
import { assertThat } from '../../../core/errors.js';
import { closeAndNotify } from '../../../core/outbox/close-and-notify.js';
import { updateBinding } from '../bindings-repo.js';
import { bindInTx } from '../bind-device.js';
import {
  deactivateDevicesBoundTo,
  replaceDeviceCredentials,
  updateDevice,
  type DeviceRow,
} from '../devices-repo.js';
import { saveDevice, withJwt } from '../register-device.js';
import type { EnrollmentsDeps } from './deps.js';
import { enrollmentDone, enrollmentStatus, enrollmentView } from './enrollment-state.js';
import { findEnrollmentByCode, markEnrolled } from './enrollments-repo.js';

/**
 * Redeems an enrollment code with the phone's keys (the route checked X-Device-Sig by the key
 * being registered). In one transaction: the device is registered (or refreshed), bound to the
 * enrollment's identifier and active, its device credentials replace any it held, its push
 * channel (if it sent one) is set, with `replace_devices` the identifier's other devices are
 * deactivated (a move to a new phone), the enrollment is marked used and its callback queued.
 * Any failure (a concurrent redemption won, the device is bound to another identifier) leaves
 * nothing written. Unknown code → 404 (counted as a failed
 * authentication), used or expired → 410.
 */
export async function redeemEnrollment(
  deps: EnrollmentsDeps,
  body: RedeemEnrollmentBody,
): Promise<EnrolledDevice> {
  const { code, push_channel: pushChannel, ...keys } = body;
  const enrollment = await findEnrollmentByCode(deps.db, sha256Hex(code));
  assertThat(enrollment, 'ENROLLMENT_CODE_INVALID');
  const now = deps.clock.now();
  const status = enrollmentStatus(enrollment, now);
  assertThat(status !== 'ENROLLED', 'ENROLLMENT_USED');
  assertThat(status !== 'EXPIRED', 'ENROLLMENT_EXPIRED');
  const customerId = enrollment.customer_id;
  const at = now.toISOString();
  const token = await issueToken(deps.box, deps.ids, customerId, 'device', now);
  const secret = deps.ids.random(32);
  let enrolled: DeviceRow | undefined;
  await closeAndNotify(deps, {
    closedError: 'ENROLLMENT_USED',
    close: async (tx) => {
      const { device } = await saveDevice(deps, tx, customerId, keys);
      if (!(await markEnrolled(tx, enrollment.id, device.identifier, at))) return null;
      const binding = await bindInTx(deps, tx, device, enrollment.user_identifier);
      await updateBinding(tx, binding.id, { active: 1, activated_at: at });
      const active = { active: 1, activated_at: at, updated_at: at };
      await updateDevice(tx, device.identifier, active);
      await replaceDeviceCredentials(tx, {
        token_hash: sha256Hex(token),
        customer_id: customerId,
        kind: 'device',
        secret_sealed: deps.box.seal(secret),
        device_identifier: device.identifier,
        created_at: at,
      });
      if (pushChannel) await deps.setPushChannel(tx, customerId, device.identifier, pushChannel);
      if (enrollment.replaces_devices)
        await deactivateDevicesBoundTo(
          tx,
          customerId,
          enrollment.user_identifier,
          device.identifier,
          at,
        );
      await deps.audit.record(tx, {
        action: 'enrollment.redeemed',
        customerId,
        actor: { kind: 'device', device: device.identifier },
        targets: {
          enrollment: enrollment.id,
          device: device.identifier,
          binding: binding.id,
          user: enrollment.user_identifier,
        },
        details: { replaced_devices: enrollment.replaces_devices === 1 },
      });
      enrolled = { ...device, ...active };
      const done = { ...enrollment, device_identifier: device.identifier, enrolled_at: at };
      return { view: enrollmentView(done, now), callbackUrl: enrollment.callback_url, customerId };
    },
  });
  if (!enrolled) throw new Error('enrollment closed without a device');
  deps.waiters.notify(enrollmentDone(enrollment.id));
  return {
    ...(await withJwt(deps, enrolled)),
    user_identifier: enrollment.user_identifier,
    device_credentials: { token, secret },
  };
}
