import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';

/**
 * Push channels: how svc wakes a device when a svcfication is created for it. A device has at
 * most one; it may replace it at any time. Long polling (`GET /svcfications/next?wait=`) always
 * works beside it.
 */
// Example values (made up).
const base64url = '^[A-Za-z0-9_-]+={0,2}$';

/** A Web Push subscription: what `PushSubscription.toJSON()` gives, with `type` added. */
const WebPushChannel = Type.Object({
  type: Type.Literal('web_push'),
  endpoint: Type.String({ minLength: 1, maxLength: 2048, description: 'the push service URL' }),
  keys: Type.Object({
    p256dh: Type.String({
      minLength: 86,
      maxLength: 88,
      pattern: base64url,
      description: "the subscription's P-256 public key, uncompressed, base64url",
    }),
    auth: Type.String({
      minLength: 22,
      maxLength: 24,
      pattern: base64url,
      description: "the subscription's 16-byte authentication secret, base64url",
    }),
  }),
  expirationTime: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], { description: 'ignored: a browser renews it' }),
  ),
});

/** An FCM registration token (Android, or a web app through Firebase). */
const FcmChannel = Type.Object({
  type: Type.Literal('fcm'),
  token: Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$' }),
});

/** An APNs device token (iOS), in hex. */
const ApnsChannel = Type.Object({
  type: Type.Literal('apns'),
  token: Type.String({ minLength: 64, maxLength: 200, pattern: '^[0-9a-fA-F]+$' }),
});

export const PushChannel = withExample(Type.Union([WebPushChannel, FcmChannel, ApnsChannel]), {
  type: 'web_push',
  endpoint: 'https://push.example.net/send/dGhpcyBpcyBhbiBleGFtcGxl',
  keys: {
    p256dh:
      'BKO8OEH3KgaX1GMbTAx2PE3dTq5Npip493LsHacYSigUIqFYNs87RQc5xQ1wZl3bb7FiD_6ZDnwuhM6gHUFvCa0',
    auth: 'bL7iH3XbALsgZsfujAC5Pw',
  },
});
export type PushChannel = Static<typeof PushChannel>;
export type PushChannelType = PushChannel['type'];

/** The VAPID public key (RFC 8292) a browser subscribes with as `applicationServerKey`. */
export const WebPushKey = withExample(
  Type.Object({
    public_key: Type.String({ description: 'uncompressed P-256 point, base64url' }),
  }),
  {
    public_key:
      'BBwPPHKJ0rpn8k15v9ORyGATnUcWftUaTbSO5x1HRDfnd6nVZy10kbj1Ue1ZK0nlG7bzkDHOxldUdGWfe-6urUM',
  },
);
export type WebPushKey = Static<typeof WebPushKey>;

/**
 * What a wake-up carries (the Web Push payload, FCM `data`, APNs custom keys): which request to
 * fetch, and what to show until it is fetched. Never a secret: the device reads the svcfication
 * itself, signed, before it shows anything to approve.
 */
export const PushMessage = withExample(
  Type.Object({
    type: Type.Literal('svcfication'),
    svcfication_id: Type.String(),
    device_identifier: Type.String(),
    relying_party: Type.String(),
    action: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  }),
  {
    type: 'svcfication',
    svcfication_id: '0f4b8d2e-6a1c-4e3f-9b7d-5c2a1e0f9d8b',
    device_identifier: '5f0c7a8e-3b1d-4e2a-9c6f-1d2e3f4a5b6c',
    relying_party: 'Example Bank',
    action: 'Sign in to Example Bank',
    expires_at: '2025-06-02T10:20:00.000Z',
  },
);
export type PushMessage = Static<typeof PushMessage>;
