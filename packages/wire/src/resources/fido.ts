import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { oneLineName } from './name.js';

// Lengths are bounded where the spec is silent (docs/decisions/fido.md).
const text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const Url = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description });
const Phone = Type.String({
  pattern: '^\\+[1-9]\\d{6,14}$',
  description: 'E.164 number; receives the user link by SMS',
});
const CallbackUrl = Url('receives status updates: the resource plus `jwt`');
const UserIdentifier = text(256, "the user's identifier in the customer's system");
const Name = oneLineName(128, 'display name');

// Example values (made up).
const callback = 'https://rp.example.com/fido/callback';
const user = {
  id: '4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
  name: 'Alice',
  registered: true,
  user_identifier: 'alice@example.com',
};
const linkId = '8e7d6c5b-4a39-4281-b706-f5e4d3c2b1a0';
const userLink = `https://login.example.com/fido/registrations/${linkId}#hP3kQ9vX2mZ7aL5sR1tY8uW4eN6bC0dF`;

export const FidoStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('COMPLETED'),
  Type.Literal('EXPIRED'),
  Type.Literal('ERROR'),
]);
export type FidoStatus = Static<typeof FidoStatus>;

export const FidoOrganizationBody = withExample(
  Type.Object({
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
  }),
  { name: 'Acme', domain_name: 'login.example.com', require_resident_key: true },
);
export type FidoOrganizationBody = Static<typeof FidoOrganizationBody>;

export const FidoOrganization = withExample(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    domain_name: Type.String(),
    oidc_client_id: Type.String(),
    redirect_uris: Type.Array(Type.String()),
    require_platform_authenticator: Type.Boolean(),
    require_resident_key: Type.Boolean(),
    verify_attestation_statement: Type.Boolean(),
  }),
  {
    id: '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9',
    name: 'Acme',
    domain_name: 'login.example.com',
    oidc_client_id: 'd4c3b2a1-f6e5-4d07-9281-0a9b8c7d6e5f',
    redirect_uris: ['https://www.example.com/welcome'],
    require_platform_authenticator: false,
    require_resident_key: true,
    verify_attestation_statement: true,
  },
);
export type FidoOrganization = Static<typeof FidoOrganization>;

export const FidoClientSecret = withExample(
  Type.Object({
    client_id: Type.String({ description: "the organization's `oidc_client_id`" }),
    client_secret: Type.String({
      description:
        'shown once; replaces any earlier secret at once (HTTP Basic at the token endpoint)',
    }),
  }),
  {
    client_id: 'd4c3b2a1-f6e5-4d07-9281-0a9b8c7d6e5f',
    client_secret: 'q5Yw3nJtB0m1kQ8hXc2rV7sLpZ4aF6dE9gU0iO3yT1w',
  },
);
export type FidoClientSecret = Static<typeof FidoClientSecret>;

export const FidoRedirectUriBody = withExample(
  Type.Object({ uri: Url('absolute https URI (http only for localhost), matched exactly') }),
  { uri: 'https://www.example.com/welcome' },
);
export type FidoRedirectUriBody = Static<typeof FidoRedirectUriBody>;

export const FidoRedirectUri = withExample(Type.Object({ id: Type.String(), uri: Type.String() }), {
  id: '6c5b4a39-2817-4f6e-9d5c-4b3a29180f7e',
  uri: 'https://www.example.com/welcome',
});
export type FidoRedirectUri = Static<typeof FidoRedirectUri>;

export const FidoUserBody = withExample(
  Type.Object({ name: Name, user_identifier: UserIdentifier }),
  { name: 'Alice', user_identifier: 'alice@example.com' },
);
export type FidoUserBody = Static<typeof FidoUserBody>;

export const FidoUser = withExample(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    registered: Type.Boolean(),
    user_identifier: Type.String(),
  }),
  user,
);
export type FidoUser = Static<typeof FidoUser>;

export const FidoUserSearchBody = withExample(
  Type.Object({
    registered: Type.Optional(Type.Boolean()),
    user_identifier: Type.Optional(UserIdentifier),
  }),
  { registered: true },
);
export type FidoUserSearchBody = Static<typeof FidoUserSearchBody>;

export const FidoUserList = withExample(Type.Object({ users: Type.Array(FidoUser) }), {
  users: [user],
});
export type FidoUserList = Static<typeof FidoUserList>;

/** Creates the user when missing. */
export const FidoRegistrationBody = withExample(
  Type.Object({
    callback_url: Type.Optional(CallbackUrl),
    sms_phone_number: Type.Optional(Phone),
    user: Type.Object({ user_identifier: UserIdentifier, name: Type.Optional(Name) }),
  }),
  {
    callback_url: callback,
    sms_phone_number: '+15551234567',
    user: { user_identifier: 'alice@example.com', name: 'Alice' },
  },
);
export type FidoRegistrationBody = Static<typeof FidoRegistrationBody>;

/** Enrolls a (further) authenticator for an existing user. */
export const FidoEnrollBody = withExample(
  Type.Object({
    callback_url: Type.Optional(CallbackUrl),
    redirect_url: Type.Optional(
      Url("shown after success; one of the organization's redirect URIs"),
    ),
    sms_phone_number: Type.Optional(Phone),
  }),
  { callback_url: callback, redirect_url: 'https://www.example.com/welcome' },
);
export type FidoEnrollBody = Static<typeof FidoEnrollBody>;

/** A registration or authentication link to hand to the user. */
export const FidoLink = withExample(Type.Object({ id: Type.String(), user_link: Type.String() }), {
  id: linkId,
  user_link: userLink,
});
export type FidoLink = Static<typeof FidoLink>;

export const FidoRegistration = withExample(
  Type.Object({
    id: Type.String(),
    callback_url: Type.Optional(Type.String()),
    sms_phone_number: Type.Optional(Type.String()),
    redirect_url: Type.Optional(Type.String()),
    user: FidoUser,
    status: FidoStatus,
  }),
  { id: linkId, callback_url: callback, user, status: 'COMPLETED' },
);
export type FidoRegistration = Static<typeof FidoRegistration>;

export const FidoAuthenticationBody = withExample(
  Type.Object({
    callback_url: Type.Optional(CallbackUrl),
    sms_phone_number: Type.Optional(Phone),
    user_identifier: Type.Optional(UserIdentifier),
  }),
  { callback_url: callback, user_identifier: 'alice@example.com' },
);
export type FidoAuthenticationBody = Static<typeof FidoAuthenticationBody>;

export const FidoAuthentication = withExample(
  Type.Object({
    id: Type.String(),
    callback_url: Type.Optional(Type.String()),
    sms_phone_number: Type.Optional(Type.String()),
    user_identifier: Type.Optional(Type.String()),
    user: Type.Optional(FidoUser),
    user_link: Type.Optional(
      Type.String({ description: 'only in the creation answer: the secret is not stored' }),
    ),
    status: FidoStatus,
  }),
  {
    id: '3d2c1b0a-9f8e-4d7c-a6b5-c4d3e2f1a0b9',
    callback_url: callback,
    user_identifier: 'alice@example.com',
    user_link:
      'https://login.example.com/fido/authentications/3d2c1b0a-9f8e-4d7c-a6b5-c4d3e2f1a0b9#Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG',
    status: 'PENDING',
  },
);
export type FidoAuthentication = Static<typeof FidoAuthentication>;

const requirePkce = Type.Boolean({
  description:
    'PKCE required of this client even when it sends a nonce (default false: a confidential client needs PKCE or a nonce; a public client always needs PKCE)',
});
const idTokenAlg = Type.Union([Type.Literal('ES256'), Type.Literal('RS256')], {
  description: 'how its ID tokens are signed (default ES256)',
});

const cibaMode = Type.Union([Type.Literal('poll'), Type.Literal('ping'), Type.Null()], {
  description:
    'CIBA (push sign-in through the backchannel endpoint) and how the client learns the result: `poll` (it polls the token endpoint), `ping` (svc notifies its endpoint first); null (default): CIBA is off. A confidential client only',
});
const cibaEndpoint = Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
  description:
    "with `ping`: the https URL svc notifies, Bearer the request's `client_notification_token`",
});

/** `GET`/`PATCH /api/v1/organizations/{id}/oidc_client`: the OpenID client's settings. */
export const OidcClientSettings = withExample(
  Type.Object({
    client_id: Type.String({ description: "the organization's `oidc_client_id`" }),
    require_pkce: requirePkce,
    id_token_signed_response_alg: idTokenAlg,
    backchannel_token_delivery_mode: cibaMode,
    backchannel_client_notification_endpoint: cibaEndpoint,
  }),
  {
    client_id: 'd4c3b2a1-f6e5-4d07-9281-0a9b8c7d6e5f',
    require_pkce: false,
    id_token_signed_response_alg: 'ES256',
    backchannel_token_delivery_mode: 'ping',
    backchannel_client_notification_endpoint: 'https://rp.example.com/ciba/notify',
  },
);
export type OidcClientSettings = Static<typeof OidcClientSettings>;

/** What a `PATCH` changes; what it leaves out stays. */
export const OidcClientSettingsBody = withExample(
  Type.Object(
    {
      require_pkce: Type.Optional(requirePkce),
      id_token_signed_response_alg: Type.Optional(idTokenAlg),
      backchannel_token_delivery_mode: Type.Optional(cibaMode),
      backchannel_client_notification_endpoint: Type.Optional(cibaEndpoint),
    },
    { additionalProperties: false },
  ),
  { require_pkce: true },
);
export type OidcClientSettingsBody = Static<typeof OidcClientSettingsBody>;
