import { svcficationTargetFields } from '@svc/wire';
import { fieldError } from '../../core/errors.js';
import type { SvcficationsDeps } from './deps.js';
import type { SvcficationBody } from './schemas.js';

/**
 * Who a svcfication is addressed to, as stored, plus the service users whose documents count for
 * level 3 and whose waiting devices wake when it is created.
 */
export interface Target {
  target_device: string | null;
  target_user_id: string | null;
  user_identifier: string | null;
  svc_id: string | null;
  device_identifier: string | null;
  users: string[];
}

export const invalid = (field: string, message: string) =>
  fieldError('SVCFICATION_INVALID', { [field]: [message] }, `${field} ${message}`);

// Refused rather than left to expire unanswered: nobody would ever see it.
const unreachable =
  'has no active device that could receive it (activate the device and its binding)';

async function deviceTarget(
  deps: SvcficationsDeps,
  customerId: string,
  identifier: string,
  field: string,
): Promise<Target> {
  const device = await deps.identity.device(customerId, identifier);
  if (!device) throw invalid(field, 'does not name a registered device');
  if (device.active !== 1) throw invalid(field, unreachable);
  const userIdentifier =
    (await deps.identity.bindingOf(customerId, identifier)) ??
    (await deps.identity.identifierOfUser(customerId, device.user_id));
  return {
    target_device: identifier,
    target_user_id: device.user_id,
    user_identifier: userIdentifier,
    svc_id: device.user_id,
    device_identifier: identifier,
    users: [device.user_id],
  };
}

/** Resolves the one target among device_identifier, svccode_id, svc_id, user_identifier, email. */
export async function resolveTarget(
  deps: SvcficationsDeps,
  customerId: string,
  body: SvcficationBody,
): Promise<Target> {
  const given = svcficationTargetFields.filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length === 0)
    throw invalid(
      'target',
      'one of device_identifier, user_identifier, svc_id, email or svccode_id is required',
    );
  if (given.length > 1) throw invalid('target', `only one of ${given.join(', ')} may be given`);
  if (body.device_identifier)
    return deviceTarget(deps, customerId, body.device_identifier, 'device_identifier');
  if (body.svccode_id) {
    const paired = await deps.pairedDevice(customerId, body.svccode_id);
    if (!paired) throw invalid('svccode_id', 'does not name a paired svccode');
    return deviceTarget(deps, customerId, paired, 'svccode_id');
  }
  if (body.svc_id) {
    if (!(await deps.identity.userExists(customerId, body.svc_id)))
      throw invalid('svc_id', 'does not name a user');
    if (!(await deps.identity.userCanReceive(customerId, body.svc_id)))
      throw invalid('svc_id', unreachable);
    return {
      target_device: null,
      target_user_id: body.svc_id,
      user_identifier: await deps.identity.identifierOfUser(customerId, body.svc_id),
      svc_id: body.svc_id,
      device_identifier: null,
      users: [body.svc_id],
    };
  }
  const field = body.user_identifier ? 'user_identifier' : 'email';
  const identifier = body.user_identifier ?? body.email ?? '';
  const { users, bound } = await deps.identity.identifierUsers(customerId, identifier);
  if (!bound) throw invalid(field, 'is not bound to any device');
  if (!(await deps.identity.identifierCanReceive(customerId, identifier)))
    throw invalid(field, unreachable);
  return {
    target_device: null,
    target_user_id: null,
    user_identifier: identifier,
    svc_id: null,
    device_identifier: null,
    users,
  };
}
