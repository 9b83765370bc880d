import { Type } from '@sinclair/typebox';

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
const Status = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('COMPLETED'),
  Type.Literal('EXPIRED'),
  Type.Literal('ERROR'),
]);

/** Error bodies: 400s carry `field_errors` when fields were at fault. */
export { ErrorWithFieldsBody as FidoErrorBody } from '../../core/http/schemas.js';

export const IdParams = Type.Object({ id: Type.String({ maxLength: 128 }) });
export const UserIdParams = Type.Object({ user_id: Type.String({ maxLength: 128 }) });

export const OrganizationBody = Type.Object({
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

export const Organization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domain_name: Type.String(),
  oidc_client_id: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  require_platform_authenticator: Type.Boolean(),
  require_resident_key: Type.Boolean(),
  verify_attestation_statement: Type.Boolean(),
});

export const RedirectUriBody = Type.Object({
  uri: Url('absolute https URI (http only for localhost), matched exactly'),
});
export const RedirectUri = Type.Object({ id: Type.String(), uri: Type.String() });

export const UserBody = Type.Object({ name: Name, user_identifier: UserIdentifier });
export const User = Type.Object({
  id: Type.String(),
  name: Type.String(),
  registered: Type.Boolean(),
  user_identifier: Type.String(),
});
export const UserSearchBody = Type.Object({
  registered: Type.Optional(Type.Boolean()),
  user_identifier: Type.Optional(UserIdentifier),
});
export const UserList = Type.Object({ users: Type.Array(User) });

export const RegistrationBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  sms_phone_number: Type.Optional(Phone),
  user: Type.Object({ user_identifier: UserIdentifier, name: Type.Optional(Name) }),
});
export const EnrollBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  redirect_url: Type.Optional(Url("shown after success; one of the organization's redirect URIs")),
  sms_phone_number: Type.Optional(Phone),
});
export const LinkCreated = Type.Object({ id: Type.String(), user_link: Type.String() });
export const Registration = Type.Object({
  id: Type.String(),
  callback_url: Type.Optional(Type.String()),
  sms_phone_number: Type.Optional(Type.String()),
  redirect_url: Type.Optional(Type.String()),
  user: User,
  status: Status,
});

export const AuthenticationBody = Type.Object({
  callback_url: Type.Optional(CallbackUrl),
  sms_phone_number: Type.Optional(Phone),
  user_identifier: Type.Optional(UserIdentifier),
});
export const Authentication = Type.Object({
  id: Type.String(),
  callback_url: Type.Optional(Type.String()),
  sms_phone_number: Type.Optional(Type.String()),
  user_identifier: Type.Optional(Type.String()),
  user: Type.Optional(User),
  user_link: Type.Optional(
    Type.String({ description: 'only in the creation answer: the secret is not stored' }),
  ),
  status: Status,
});

/** Page calls: the secret from the link's fragment proves access. */
export const SecretBody = Type.Object({ secret: Type.String({ minLength: 1, maxLength: 128 }) });
export const VerifyBody = Type.Object({
  secret: SecretBody.properties.secret,
  response: Type.Object(
    {},
    { additionalProperties: true, description: 'PublicKeyCredential JSON' },
  ),
});
export const CeremonyOptions = Type.Object(
  {},
  { additionalProperties: true, description: 'PublicKeyCredential creation/request options JSON' },
);
export const CeremonyResult = Type.Object({
  status: Type.Literal('COMPLETED'),
  redirect_url: Type.Optional(Type.String()),
});
