import { enrollmentTtl, type CreateEnrollmentBody, type CreatedEnrollment } from '@svc/wire';
import QRCode from 'qrcode';
import { sha256Hex } from '../../../core/crypto/secret-box.js';
import { fieldError } from '../../../core/errors.js';
import { callbackUrlProblem } from '../../../core/outbox/callback-url.js';
import type { EnrollmentsDeps } from './deps.js';
import { enrollmentView } from './enrollment-state.js';
import { insertEnrollment } from './enrollments-repo.js';

/**
 * A single-use enrollment for one of the RP's user identifiers. The code is 32 random bytes
 * (base64url) and only its SHA-256 is kept, so it is shown once, here. The link carries it in the
 * fragment (`{public URL}/enroll#{code}`): opened on a phone, it never reaches a server log.
 */
export async function createEnrollment(
  deps: EnrollmentsDeps,
  customerId: string,
  body: CreateEnrollmentBody,
): Promise<CreatedEnrollment> {
  const problem = body.callback_url
    ? callbackUrlProblem(body.callback_url, deps.config.allowInsecureCallbacks)
    : null;
  if (problem) throw fieldError('VALIDATION_FAILED', { callback_url: [problem] });
  const now = deps.clock.now();
  const ttl = body.expires_in ?? enrollmentTtl.default;
  const code = deps.ids.random(32);
  const row = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    user_identifier: body.user_identifier,
    code_hash: sha256Hex(code),
    callback_url: body.callback_url ?? null,
    replaces_devices: body.replace_devices ? 1 : 0,
    device_identifier: null,
    enrolled_at: null,
    expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
    created_at: now.toISOString(),
  };
  await deps.db.transaction().execute(async (tx) => {
    await insertEnrollment(tx, row);
    await deps.audit.record(tx, {
      action: 'enrollment.created',
      customerId,
      targets: { enrollment: row.id, user: row.user_identifier },
      details: { expires_at: row.expires_at, replace_devices: body.replace_devices ?? false },
    });
  });
  const link = `${deps.config.publicUrl.replace(/\/+$/, '')}/enroll#${code}`;
  const qr = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { ...enrollmentView(row, now), code, link, qr };
}
