import { Type } from '@sinclair/typebox';
import type { KeyDefinition } from './key-definition.js';

/**
 * Push delivery: who svc says it is to Web Push services, and the FCM and APNs credentials. Each
 * provider's base URL can be pointed elsewhere (a test's loopback receiver, a relay).
 */
function baseUrlProblem(value: string): string | null {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
    ? null
    : 'must be an absolute http(s) URL';
}

export const pushKeys = {
  pushContact: {
    env: 'SVC_PUSH_CONTACT',
    doc: "VAPID subject (RFC 8292): a mailto: or https: URL push services can reach the operator at (default: the public URL when it is https, else mailto:postmaster@ the public URL's host)",
    schema: Type.String({ default: '', maxLength: 512 }),
    check: (value: string) =>
      value === '' || /^(mailto:.+@.+|https:\/\/.+)$/.test(value)
        ? null
        : 'must be a mailto: or https: URL',
  },
  fcmServiceAccountFile: {
    env: 'SVC_FCM_SERVICE_ACCOUNT_FILE',
    doc: "path of the Firebase service account's JSON key; without it, FCM channels are refused",
    schema: Type.String({ default: '' }),
  },
  fcmBaseUrl: {
    env: 'SVC_FCM_BASE_URL',
    doc: 'base URL of the FCM HTTP v1 API',
    schema: Type.String({ default: 'https://fcm.googleapis.com' }),
    check: baseUrlProblem,
  },
  apnsKeyFile: {
    env: 'SVC_APNS_KEY_FILE',
    doc: 'path of the APNs provider token signing key (.p8); without it, APNs channels are refused',
    schema: Type.String({ default: '' }),
  },
  apnsKeyId: {
    env: 'SVC_APNS_KEY_ID',
    doc: "the APNs signing key's key ID",
    schema: Type.String({ default: '', maxLength: 64 }),
  },
  apnsTeamId: {
    env: 'SVC_APNS_TEAM_ID',
    doc: 'the Apple developer team ID the key belongs to',
    schema: Type.String({ default: '', maxLength: 64 }),
  },
  apnsTopic: {
    env: 'SVC_APNS_TOPIC',
    doc: "the app's bundle ID: the topic of every APNs wake-up",
    schema: Type.String({ default: '', maxLength: 256 }),
  },
  apnsBaseUrl: {
    env: 'SVC_APNS_BASE_URL',
    doc: 'base URL of the APNs provider API (https://api.sandbox.push.apple.com for development builds)',
    schema: Type.String({ default: 'https://api.push.apple.com' }),
    check: baseUrlProblem,
  },
} as const satisfies Record<string, KeyDefinition>;
