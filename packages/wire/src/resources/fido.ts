import { Type, type Static } from '@sinclair/typebox';

// Lengths are bounded where the spec is silent (docs/decisions.md, Area C).
const text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const Url = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description });
const Phone = Type.String({
  pattern: '^\\+[1-9]\\d{6,14}$',
  description: 'E.164 number; receives the user link by SMS',
});
const CallbackUrl = Url('receives status updates: the resource plus `jwt`');
const UserIdentifier = text(256, "the user's identifier in the customer's system");
const Name = text(128, 'display name');

export const FidoStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('COMPLETED'),
  Type.Literal('EXPIRED'),
  Type.Literal('ERROR'),
]);
export type FidoStatus = Static<typeof FidoStatus>;

export const FidoOrganizationBody = Type.Object({
  name: Name,
  domain_name: Type.String({
    minLength: 1,
    maxLength: 253,
    description: 'the WebAuthn RP ID; links open on https://{domain_name}',
  }),
  require_platform_authenticator: Type.Optional(Type.Boolean({ default: false })),
  require_resident_key: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'residentKey `required` when true, else `preferred`',
    }),
  ),
  verify_attestation_statement: Type.Optional(Type.Boolean({ default: true })),
});
export type FidoOrganizationBody = Static<typeof FidoOrganizationBody>;

export const FidoOrganization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domain_name: Type.String(),
  oidc_client_id: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  require_platform_authenticator: Type.Boolean(),
  require_resident_key: Type.Boolean(),
  verify_attestation_statement: Type.Boolean(),
});
export type FidoOrganization = Static<typeof FidoOrganization>;

export const FidoRedirectUriBody = Type.Object({
  uri: Url('absolute https URI (http only for localhost), matched exactly'),
});
export type FidoRedirectUriBody = Static<typeof FidoRedirectUriBody>;

export const FidoRedirectUri = Type.Object({ id: Type.String(), uri: Type.String() });
export type FidoRedirectUri = Static<typeof FidoRedirectUri>;

export const FidoUserBody = Type.Object({ name: Name, user_identifier: UserIdentifier });
export type FidoUserBody = Static<typeof FidoUserBody>;

export const FidoUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  registered: Type.Boolean(),
  user_identifier: Type.String(),
});
export type FidoUser = Static<typeof FidoUser>;

export const FidoUserSearchBody = Type.Object({
  registered: Type.Optional(Type.Boolean()),
  user_identifier: Type.Optional(UserIdentifier),
});
export type FidoUserSearchBody = Static<typeof FidoUserSearchBody>;

export const FidoUserList = Type.Object({ users: Type.Array(FidoUser) });
export type FidoUserList = Static<typeof FidoUserList>;

/** Creates the user when missing. */
export const FidoRegistrationBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  sms_phone_number: Type.Optional(Phone),
  user: Type.Object({ user_identifier: UserIdentifier, name: Type.Optional(Name) }),
});
export type FidoRegistrationBody = Static<typeof FidoRegistrationBody>;

/** Enrolls a (further) authenticator for an existing user. */
export const FidoEnrollBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  redirect_url: Type.Optional(Url("shown after success; one of the organization's redirect URIs")),
  sms_phone_number: Type.Optional(Phone),
});
export type FidoEnrollBody = Static<typeof FidoEnrollBody>;

/** A registration or authentication link to hand to the user. */
export const FidoLink = Type.Object({ id: Type.String(), user_link: Type.String() });
export type FidoLink = Static<typeof FidoLink>;

export const FidoRegistration = Type.Object({
  id: Type.String(),
  callback_url: Type.Optional(Type.String()),
  sms_phone_number: Type.Optional(Type.String()),
  redirect_url: Type.Optional(Type.String()),
  user: FidoUser,
  status: FidoStatus,
});
export type FidoRegistration = Static<typeof FidoRegistration>;

export const FidoAuthenticationBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  sms_phone_number: Type.Optional(Phone),
  user_identifier: Type.Optional(UserIdentifier),
});
export type FidoAuthenticationBody = Static<typeof FidoAuthenticationBody>;

export const FidoAuthentication = Type.Object({
  id: Type.String(),
  callback_url: Type.Optional(Type.String()),
  sms_phone_number: Type.Optional(Type.String()),
  user_identifier: Type.Optional(Type.String()),
  user: Type.Optional(FidoUser),
  user_link: Type.Optional(
    Type.String({ description: 'only in the creation answer: the secret is not stored' }),
  ),
  status: FidoStatus,
});
export type FidoAuthentication = Static<typeof FidoAuthentication>;
