import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { oneLineName } from './name.js';

const credential = {
  id: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  credential_id: 'K3r0mP1QdWl6xH8cVgN2bA',
  name: 'Work laptop',
  authenticator_name: 'iCloud Keychain',
  aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd',
  backed_up: true,
  transports: ['hybrid', 'internal'],
  created_at: '2025-06-02T09:30:00.000Z',
  last_used_at: '2025-06-03T08:12:40.000Z',
};

/** A passkey of a FIDO user, as `GET /api/v1/users/{user_id}/credentials` lists it. */
export const FidoCredential = withExample(
  Type.Object({
    id: Type.String({ description: 'the id in svc (used in the paths)' }),
    credential_id: Type.String({ description: 'the WebAuthn credential id, base64url' }),
    name: Type.String({
      description: 'given by PATCH; until then the authenticator name, else "Passkey"',
    }),
    authenticator_name: Type.Union([Type.String(), Type.Null()], {
      description: 'the model named by its AAGUID, where svc knows it',
    }),
    aaguid: Type.Union([Type.String(), Type.Null()]),
    backed_up: Type.Boolean({ description: 'a synced passkey (it survives losing the device)' }),
    transports: Type.Array(Type.String()),
    created_at: Type.String(),
    last_used_at: Type.Union([Type.String(), Type.Null()]),
  }),
  credential,
);
export type FidoCredential = Static<typeof FidoCredential>;

export const FidoCredentialList = withExample(
  Type.Object({ credentials: Type.Array(FidoCredential) }),
  { credentials: [credential] },
);
export type FidoCredentialList = Static<typeof FidoCredentialList>;

export const FidoCredentialPatchBody = withExample(
  Type.Object({
    name: oneLineName(64, 'new name'),
  }),
  { name: 'Work laptop' },
);
export type FidoCredentialPatchBody = Static<typeof FidoCredentialPatchBody>;
