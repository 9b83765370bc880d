import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';

const secret = 'hP3kQ9vX2mZ7aL5sR1tY8uW4eN6bC0dF';

/** An example of `PublicKeyCredential.toJSON()` after `navigator.credentials.create()`. */
export const registrationExample = {
  id: 'AQIDBAUGBwgJCgsMDQ4PEA',
  rawId: 'AQIDBAUGBwgJCgsMDQ4PEA',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVjF',
    transports: ['internal'],
  },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

/** Calls of the FIDO pages' script: the secret from the link's fragment proves access. */
export const FidoSecretBody = withExample(
  Type.Object({ secret: Type.String({ minLength: 1, maxLength: 128 }) }),
  { secret },
);
export type FidoSecretBody = Static<typeof FidoSecretBody>;

export const FidoVerifyBody = withExample(
  Type.Object({
    secret: FidoSecretBody.properties.secret,
    response: Type.Object(
      {},
      { additionalProperties: true, description: 'PublicKeyCredential JSON' },
    ),
  }),
  {
    secret,
    response: registrationExample,
  },
);
export type FidoVerifyBody = Static<typeof FidoVerifyBody>;

export const FidoCeremonyOptions = withExample(
  Type.Object(
    {},
    {
      additionalProperties: true,
      description: 'PublicKeyCredential creation/request options JSON',
    },
  ),
  {
    challenge: 'Y2hhbGxlbmdlLWZyb20tc3Zj',
    rp: { name: 'Acme', id: 'login.example.com' },
    user: { id: 'NGIzYTJjMWQ', name: 'alice@example.com', displayName: 'Alice' },
    pubKeyCredParams: [
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ],
    timeout: 300000,
    attestation: 'none',
    excludeCredentials: [],
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  },
);
export type FidoCeremonyOptions = Static<typeof FidoCeremonyOptions>;

export const FidoCeremonyResult = withExample(
  Type.Object({ status: Type.Literal('COMPLETED'), redirect_url: Type.Optional(Type.String()) }),
  { status: 'COMPLETED', redirect_url: 'https://www.example.com/welcome' },
);
export type FidoCeremonyResult = Static<typeof FidoCeremonyResult>;
