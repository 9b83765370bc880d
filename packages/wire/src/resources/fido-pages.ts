import { Type, type Static } from '@sinclair/typebox';

/** Calls of the FIDO pages' script: the secret from the link's fragment proves access. */
export const FidoSecretBody = Type.Object({
  secret: Type.String({ minLength: 1, maxLength: 128 }),
});
export type FidoSecretBody = Static<typeof FidoSecretBody>;

export const FidoVerifyBody = Type.Object({
  secret: FidoSecretBody.properties.secret,
  response: Type.Object(
    {},
    { additionalProperties: true, description: 'PublicKeyCredential JSON' },
  ),
});
export type FidoVerifyBody = Static<typeof FidoVerifyBody>;

export const FidoCeremonyOptions = Type.Object(
  {},
  { additionalProperties: true, description: 'PublicKeyCredential creation/request options JSON' },
);
export type FidoCeremonyOptions = Static<typeof FidoCeremonyOptions>;

export const FidoCeremonyResult = Type.Object({
  status: Type.Literal('COMPLETED'),
  redirect_url: Type.Optional(Type.String()),
});
export type FidoCeremonyResult = Static<typeof FidoCeremonyResult>;
