import { createECDH } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushChannel } from '@svc/wire';
import { checkFields } from '../../core/errors.js';
import { callbackUrlProblem } from '../../core/outbox/callback-url.js';
import type { Database } from '../../core/store/schema.js';
import { removeChannel, saveChannel } from './channels-repo.js';
import type { PushDeps } from './deps.js';

/**
 * Sets the device's one push channel, replacing any it had; `db` is the caller's transaction when
 * the channel comes with an enrollment. A channel svc could never deliver to is refused (422):
 * an endpoint a callback could not reach, keys that are not a P-256 point and a 16-byte secret,
 * or a provider this server has no credentials for.
 */
export async function setPushChannel(
  deps: PushDeps,
  customerId: string,
  deviceIdentifier: string,
  channel: PushChannel,
  db: Kysely<Database> = deps.db,
): Promise<void> {
  checkFields('PUSH_CHANNEL_INVALID', problemsOf(deps, channel));
  await saveChannel(db, {
    id: deps.ids.uuid(),
    customer_id: customerId,
    device_identifier: deviceIdentifier,
    type: channel.type,
    address: channel.type === 'web_push' ? channel.endpoint : channel.token,
    p256dh: channel.type === 'web_push' ? channel.keys.p256dh : null,
    auth: channel.type === 'web_push' ? channel.keys.auth : null,
    updated_at: deps.clock.now().toISOString(),
  });
}

export async function removePushChannel(deps: PushDeps, deviceIdentifier: string): Promise<void> {
  await removeChannel(deps.db, deviceIdentifier);
}

function problemsOf(deps: PushDeps, channel: PushChannel): Record<string, string | null> {
  const unconfigured = 'is not configured on this server';
  switch (channel.type) {
    case 'web_push':
      return {
        endpoint: callbackUrlProblem(channel.endpoint, deps.config.allowInsecureCallbacks),
        'keys.p256dh': isPoint(channel.keys.p256dh) ? null : 'must be an uncompressed P-256 point',
        'keys.auth':
          Buffer.from(channel.keys.auth, 'base64url').length === 16 ? null : 'must be 16 bytes',
      };
    case 'fcm':
      return { type: deps.config.fcmServiceAccountFile ? null : `fcm ${unconfigured}` };
    case 'apns':
      return { type: deps.config.apnsKeyFile ? null : `apns ${unconfigured}` };
  }
}

function isPoint(base64url: string): boolean {
  const bytes = Buffer.from(base64url, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}
