import { AppError } from '../../core/errors.js';
import { callbackUrlProblem } from '../../core/outbox/callback-url.js';
import type { Db } from '../../core/store/index.js';
import type { MainDeps } from './deps.js';
import { findDevice } from './devices-repo.js';
import type { Svcfication, SvcficationBody } from './schemas.js';
import { signals } from './svcfication-signals.js';
import { findSvcfication, svcficationView } from './svcfications-repo.js';
import { identifierOfUser, userExists, usersOfIdentifier } from './users-repo.js';

interface Target {
  target_device: string | null;
  target_user_id: string | null;
  user_identifier: string | null;
  svc_id: string | null;
  device_identifier: string | null;
  /** Service users whose documents count for level 3. */
  users: string[];
}

const invalid = (field: string, message: string) =>
  new AppError('SVCFICATION_INVALID', `${field} ${message}`, { [field]: [message] });

async function boundIdentifier(
  db: Db,
  customerId: string,
  deviceIdentifier: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('user_devices')
    .select('user_identifier')
    .where('customer_id', '=', customerId)
    .where('device_identifier', '=', deviceIdentifier)
    .executeTakeFirst();
  return row?.user_identifier ?? null;
}

async function deviceTarget(
  db: Db,
  customerId: string,
  identifier: string,
  field: string,
): Promise<Target> {
  const device = await findDevice(db, customerId, identifier);
  if (!device) throw invalid(field, 'does not name a registered device');
  const userIdentifier =
    (await boundIdentifier(db, customerId, identifier)) ??
    (await identifierOfUser(db, customerId, device.user_id)) ??
    null;
  return {
    target_device: identifier,
    target_user_id: device.user_id,
    user_identifier: userIdentifier,
    svc_id: device.user_id,
    device_identifier: identifier,
    users: [device.user_id],
  };
}

/** Resolves the one target among device_identifier, svccode_id, svc_id, user_identifier and email. */
async function resolveTarget(db: Db, customerId: string, body: SvcficationBody): Promise<Target> {
  const given = (
    ['device_identifier', 'svccode_id', 'svc_id', 'user_identifier', 'email'] as const
  ).filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length === 0)
    throw invalid(
      'target',
      'one of device_identifier, user_identifier, svc_id, email or svccode_id is required',
    );
  if (given.length > 1) throw invalid('target', `only one of ${given.join(', ')} may be given`);
  if (body.device_identifier)
    return deviceTarget(db, customerId, body.device_identifier, 'device_identifier');
  if (body.svccode_id) {
    const code = await db
      .selectFrom('svccodes')
      .select('paired_device')
      .where('customer_id', '=', customerId)
      .where('id', '=', body.svccode_id)
      .executeTakeFirst();
    if (!code?.paired_device) throw invalid('svccode_id', 'does not name a paired svccode');
    return deviceTarget(db, customerId, code.paired_device, 'svccode_id');
  }
  if (body.svc_id) {
    if (!(await userExists(db, customerId, body.svc_id)))
      throw invalid('svc_id', 'does not name a user');
    return {
      target_device: null,
      target_user_id: body.svc_id,
      user_identifier: (await identifierOfUser(db, customerId, body.svc_id)) ?? null,
      svc_id: body.svc_id,
      device_identifier: null,
      users: [body.svc_id],
    };
  }
  const field = body.user_identifier ? 'user_identifier' : 'email';
  const identifier = body.user_identifier ?? body.email ?? '';
  const bound = await db
    .selectFrom('user_devices')
    .select('device_identifier')
    .where('customer_id', '=', customerId)
    .where('user_identifier', '=', identifier)
    .executeTakeFirst();
  if (!bound) throw invalid(field, 'is not bound to any device');
  return {
    target_device: null,
    target_user_id: null,
    user_identifier: identifier,
    svc_id: null,
    device_identifier: null,
    users: await usersOfIdentifier(db, customerId, identifier),
  };
}

/** Creates an authentication request for a user's device(s); devices waiting on /next wake up. */
export async function createSvcfication(
  deps: MainDeps,
  customerId: string,
  body: SvcficationBody,
  legacy: Record<string, unknown> | null = null,
): Promise<Svcfication> {
  const { db, clock, config } = deps;
  const problem = body.callback_url
    ? callbackUrlProblem(body.callback_url, config.allowInsecureCallbacks)
    : null;
  if (problem) throw invalid('callback_url', problem);
  const target = await resolveTarget(db, customerId, body);
  if (body.desired_level === 3) {
    const docs =
      target.users.length === 0
        ? []
        : await db
            .selectFrom('identity_documents')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('user_id', 'in', target.users)
            .execute();
    if (docs.length === 0)
      throw new AppError(
        'NO_DOCUMENTS',
        'Level 3 needs an identity document registered for the user.',
      );
  }
  const now = clock.now();
  const { users: _users, ...columns } = target;
  const id = deps.ids.uuid();
  await db
    .insertInto('svcfications')
    .values({
      id,
      customer_id: customerId,
      status: 'IN_PROGRESS',
      action: body.action,
      resource: body.resource,
      desired_level: body.desired_level,
      ...columns,
      callback_url: body.callback_url ?? null,
      custom_fields: body.custom_fields ? JSON.stringify(body.custom_fields) : null,
      prompt: body.prompt === false ? 0 : 1,
      user_presence: body.user_presence === false ? 0 : 1,
      show_identity_document: body.show_identity_document ? 1 : 0,
      result: null,
      legacy: legacy ? JSON.stringify(legacy) : null,
      expires_at: body.expires_at
        ? new Date(body.expires_at).toISOString()
        : new Date(now.getTime() + config.svcficationTtlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  deps.waiters.notify(signals.created(customerId));
  const row = await findSvcfication(db, customerId, id);
  if (!row) throw new Error('svcfication vanished');
  return svcficationView(row, now);
}
