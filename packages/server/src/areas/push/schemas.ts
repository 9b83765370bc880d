import { PushChannel, WebPushKey } from '@svc/wire';
import { errorResponses as errors, op } from '../../core/http/schemas.js';

const empty = { type: 'null' } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  webPushKey: {
    ...op(
      'getWebPushKey',
      'Push',
      "The VAPID public key a browser subscribes with (PushManager's applicationServerKey)",
    ),
    response: { 200: WebPushKey },
  },
  setChannel: {
    ...op(
      'setPushChannel',
      'Push',
      "Set the signing device's push channel",
      'A Web Push subscription, an FCM registration token or an APNs device token; it replaces the one the device had. svc then sends a wake-up to it whenever a svcfication is created for the device. 422 when svc could never deliver to it (an endpoint a callback could not reach, bad keys, a provider this server is not configured for).',
    ),
    body: PushChannel,
    response: { 204: empty, ...errors },
  },
  removeChannel: {
    ...op(
      'removePushChannel',
      'Push',
      "Remove the signing device's push channel",
      'Wake-ups stop; long polling still works. 204 whether or not it had one.',
    ),
    response: { 204: empty, ...errors },
  },
} as const;
