import { PresenceCredential, PresenceCredentialBody } from '@svc/wire';
import { errorResponses as errors, op } from '../../core/http/schemas.js';

export type { PresenceCredentialBody };

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  setCredential: {
    ...op(
      'setPresenceCredential',
      'Presence',
      "Register the signing device's WebAuthn presence credential",
      "For web apps such as svc Authenticator, whose keys cannot require biometrics: a WebAuthn credential created at svc's own origin with user verification, over the challenge presenceCredentialChallenge(device, nonce). It replaces the one the device had. A `webauthn_presence` payload made with it then counts as the user's presence (level 2). 422 `PRESENCE_CREDENTIAL_INVALID` names what failed.",
    ),
    body: PresenceCredentialBody,
    response: { 200: PresenceCredential, ...errors },
  },
} as const;
