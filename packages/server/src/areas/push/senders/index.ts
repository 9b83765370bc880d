import type { PushChannelType } from '@svc/wire';
import type { Config } from '../../../config/index.js';
import { guardedPost } from '../../../core/outbox/guarded-fetch.js';
import type { VapidKeys } from '../vapid-keys.js';
import { apnsSender } from './apns.js';
import { fcmSender, readServiceAccount } from './fcm.js';
import type { Sender } from './sender.js';
import { webPushSender } from './web-push.js';

type PushSettings = Pick<
  Config,
  | 'publicUrl'
  | 'allowInsecureCallbacks'
  | 'pushContact'
  | 'fcmServiceAccountFile'
  | 'fcmBaseUrl'
  | 'apnsKeyFile'
  | 'apnsKeyId'
  | 'apnsTeamId'
  | 'apnsTopic'
  | 'apnsBaseUrl'
>;

/**
 * A sender per channel type this server can deliver to: Web Push always, FCM and APNs when their
 * credentials are configured. Throws at start on credentials it cannot use.
 */
export function pushSenders(
  config: PushSettings,
  vapid: VapidKeys,
): Partial<Record<PushChannelType, Sender>> {
  const senders: Partial<Record<PushChannelType, Sender>> = {
    web_push: webPushSender({
      vapid,
      contact: vapidSubject(config),
      post: guardedPost({ allowInsecure: config.allowInsecureCallbacks }),
    }),
  };
  if (config.fcmServiceAccountFile)
    senders.fcm = fcmSender({
      account: readServiceAccount(config.fcmServiceAccountFile),
      baseUrl: config.fcmBaseUrl,
    });
  if (config.apnsKeyFile) {
    for (const name of ['apnsKeyId', 'apnsTeamId', 'apnsTopic'] as const)
      if (!config[name]) throw new Error(`config ${name}: required with apnsKeyFile`);
    senders.apns = apnsSender(config);
  }
  return senders;
}

/** The configured contact; else the public URL when it is https, else its host's postmaster. */
export function vapidSubject(config: Pick<Config, 'pushContact' | 'publicUrl'>): string {
  if (config.pushContact) return config.pushContact;
  const url = new URL(config.publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:postmaster@${url.hostname}`;
}
