import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { registrationExample } from './fido-pages.js';

/**
 * A device's WebAuthn presence credential: what web apps prove the user's presence with (a
 * `webauthn_presence` payload), where native apps sign `user_presence` with an auth key the OS
 * guards with biometrics. One per device; registering another replaces it.
 */
const base64url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });

export const PresenceCredentialBody = withExample(
  Type.Object({
    nonce: Type.String({
      minLength: 16,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'made by the device, single use; the credential was created with the challenge presenceCredentialChallenge(device, nonce)',
    }),
    credential: Type.Object(
      {
        id: base64url(1366),
        rawId: base64url(1366),
        type: Type.Literal('public-key'),
        response: Type.Object(
          {
            clientDataJSON: base64url(4096),
            attestationObject: base64url(16384),
            transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 })),
          },
          { additionalProperties: true },
        ),
        clientExtensionResults: Type.Object({}, { additionalProperties: true }),
        authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
      },
      { description: '`PublicKeyCredential.toJSON()` of navigator.credentials.create()' },
    ),
  }),
  {
    nonce: 'k3Jd9Qx2LmP7aZ0sVb5Ncw',
    credential: registrationExample,
  },
);
export type PresenceCredentialBody = Static<typeof PresenceCredentialBody>;

export const PresenceCredential = withExample(
  Type.Object({
    credential_id: Type.String({ description: 'base64url' }),
    rp_id: Type.String({ description: "the WebAuthn RP ID: svc's public host" }),
    backed_up: Type.Boolean({ description: 'a synced passkey rather than a device-bound one' }),
    created_at: Type.String({ format: 'date-time' }),
  }),
  {
    credential_id: 'AQIDBAUGBwgJCgsMDQ4PEA',
    rp_id: 'id.example.com',
    backed_up: false,
    created_at: '2026-05-04T10:15:30.000Z',
  },
);
export type PresenceCredential = Static<typeof PresenceCredential>;
