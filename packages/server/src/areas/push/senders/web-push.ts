import webpush from 'web-push';
import type { GuardedPost } from '../../../core/outbox/guarded-fetch.js';
import type { VapidKeys } from '../vapid-keys.js';
import type { Sender } from './sender.js';

/**
 * Web Push: the message encrypted for the subscription (RFC 8291, aes128gcm) and signed for its
 * push service with the VAPID key (RFC 8292), by `web-push`; posted through the guarded fetch,
 * since the endpoint is whatever the device registered.
 */
export function webPushSender(options: {
  vapid: VapidKeys;
  /** The VAPID subject: a mailto: or https: URL. */
  contact: string;
  post: GuardedPost;
}): Sender {
  return async (channel, message, { ttlSeconds, signal }) => {
    const { publicKey, privateKey } = await options.vapid.get();
    const request = webpush.generateRequestDetails(
      {
        endpoint: channel.address,
        keys: { p256dh: channel.p256dh ?? '', auth: channel.auth ?? '' },
      },
      JSON.stringify(message),
      {
        vapidDetails: { subject: options.contact, publicKey, privateKey },
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    return options.post(request.endpoint, { headers, body: request.body, signal });
  };
}
