import { Type } from '@sinclair/typebox';

/**
 * The JSON that oidc-provider's endpoints take and answer, as svc configures it (provider.ts,
 * adapter.ts): for the FIDO OpenAPI document only (provider-openapi.ts); the provider validates
 * its own requests.
 */
const issuer = 'https://login.acme.example/oidc/5f0c6a52-8d4e-4b1a-9c3f-2e7d9b1a6c40';
const clientId = '0d9e2f4a-6b8c-4e1f-a3d5-7c9b1e3f5a70';
const url = (description: string) => Type.String({ format: 'uri', description });
const names = (description: string) => Type.Array(Type.String(), { description });

/** `GET {issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0). */
export const Discovery = Type.Object(
  {
    issuer: url('`{base}/oidc/{organization_id}`: the `iss` of every ID token'),
    authorization_endpoint: url('where the browser is sent (code flow, PKCE S256, nonce)'),
    token_endpoint: url('the code and refresh token exchange'),
    userinfo_endpoint: url('the claims of an access token'),
    jwks_uri: url("the keys that verify ID tokens: svc's signing keys, as `/jwks`"),
    end_session_endpoint: url('RP-initiated logout'),
    pushed_authorization_request_endpoint: Type.Optional(url('RFC 9126')),
    scopes_supported: names('`openid`, `profile`, `offline_access`'),
    response_types_supported: names('`code` only'),
    response_modes_supported: Type.Optional(names('how the code comes back')),
    grant_types_supported: names(
      '`authorization_code`, `refresh_token`, `urn:openid:params:grant-type:ciba`',
    ),
    backchannel_authentication_endpoint: Type.Optional(
      url('CIBA: where a backchannel request goes'),
    ),
    backchannel_token_delivery_modes_supported: Type.Optional(names('`poll`, `ping`')),
    backchannel_user_code_parameter_supported: Type.Optional(Type.Boolean()),
    subject_types_supported: names('`public`: `sub` is the FIDO user id'),
    id_token_signing_alg_values_supported: names("`RS256`, `ES256`: a client's setting chooses"),
    token_endpoint_auth_methods_supported: names(
      '`none` (a public client), `client_secret_basic` and `client_secret_post` (a confidential one)',
    ),
    token_endpoint_auth_signing_alg_values_supported: Type.Optional(names('for JWT client auth')),
    code_challenge_methods_supported: names('`S256`'),
    acr_values_supported: names('`EN`, `ES`, `EX`: the svcfication levels 1, 2, 3'),
    claims_supported: names('the claims ID tokens and userinfo may carry'),
    claim_types_supported: Type.Optional(names('`normal`')),
    claims_parameter_supported: Type.Optional(Type.Boolean()),
    request_parameter_supported: Type.Optional(Type.Boolean()),
    request_uri_parameter_supported: Type.Optional(Type.Boolean()),
    authorization_response_iss_parameter_supported: Type.Optional(Type.Boolean()),
  },
  {
    description: 'OpenID Provider metadata (members beyond these may come; clients ignore them)',
    examples: [
      {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/session/end`,
        scopes_supported: ['openid', 'profile', 'offline_access'],
        response_types_supported: ['code'],
        response_modes_supported: ['form_post', 'fragment', 'query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256', 'ES256'],
        token_endpoint_auth_methods_supported: [
          'none',
          'client_secret_basic',
          'client_secret_post',
        ],
        code_challenge_methods_supported: ['S256'],
        acr_values_supported: ['EN', 'ES', 'EX'],
        claims_supported: ['sub', 'acr', 'amr', 'auth_time', 'name', 'preferred_username', 'iss'],
        claims_parameter_supported: false,
        request_parameter_supported: false,
      },
    ],
  },
);

/** `GET {issuer}/jwks`: the public halves of svc's signing keys (ES256, RS256), newest first. */
export const ProviderJwks = Type.Object(
  {
    keys: Type.Array(
      Type.Union([
        Type.Object({
          kty: Type.Literal('EC'),
          crv: Type.Literal('P-256'),
          x: Type.String(),
          y: Type.String(),
          kid: Type.String(),
          alg: Type.Literal('ES256'),
          use: Type.Literal('sig'),
        }),
        Type.Object({
          kty: Type.Literal('RSA'),
          n: Type.String(),
          e: Type.String(),
          kid: Type.String(),
          alg: Type.Literal('RS256'),
          use: Type.Literal('sig'),
        }),
      ]),
    ),
  },
  {
    description:
      'JWK Set (RFC 7517): the same keys as `/jwks`: ES256 keys, and RS256 keys for clients whose ID tokens are RS256',
    examples: [
      {
        keys: [
          {
            kty: 'EC',
            crv: 'P-256',
            x: '3EepPclubrnxGiJwiH9AP4V53SbBpH9MA58oixHLzcQ',
            y: 'byM9kIwslBT6zgidqhEm8wpEkUqVzwR6JzpqpUPokSY',
            kid: 'UvLLIKKretz-1PnI',
            alg: 'ES256',
            use: 'sig',
          },
        ],
      },
    ],
  },
);

const client = {
  client_id: Type.Optional(
    Type.String({ description: 'the `oidc_client_id`: required of a public client (no secret)' }),
  ),
  client_secret: Type.Optional(
    Type.String({ description: 'client_secret_post, instead of the Basic header' }),
  ),
};

/** `POST {issuer}/token`, form-encoded: a code (with its PKCE verifier) or a refresh token. */
export const TokenRequest = Type.Union(
  [
    Type.Object(
      {
        grant_type: Type.Literal('authorization_code'),
        code: Type.String({ description: 'from the redirect URI; once, within 60 s' }),
        redirect_uri: Type.String({ description: 'the one of the authorization request' }),
        code_verifier: Type.String({ minLength: 43, maxLength: 128, description: 'PKCE' }),
        ...client,
      },
      { title: 'Authorization code' },
    ),
    Type.Object(
      {
        grant_type: Type.Literal('urn:openid:params:grant-type:ciba'),
        auth_req_id: Type.String({ description: 'from the backchannel request' }),
        ...client,
      },
      { title: 'CIBA' },
    ),
    Type.Object(
      {
        grant_type: Type.Literal('refresh_token'),
        refresh_token: Type.String(),
        scope: Type.Optional(Type.String({ description: 'fewer scopes than granted' })),
        ...client,
      },
      { title: 'Refresh token' },
    ),
  ],
  {
    examples: [
      {
        grant_type: 'authorization_code',
        code: 'jP3bZ1rY8qLw0xN4vT6cH2dF9sK5mA7gE1uR3oI8pW2',
        redirect_uri: 'https://www.acme.example/callback',
        code_verifier: 'M25iVXpKU3puUjFaYWg3T1NDTDQtcW1ROUY5YXlwalNoc0hhakxifmZHag',
        client_id: clientId,
      },
    ],
  },
);

/** The tokens of a successful exchange (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3). */
export const TokenResponse = Type.Object(
  {
    access_token: Type.String({ description: 'for userinfo; an hour' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: "the access token's lifetime, in seconds" }),
    id_token: Type.Optional(
      Type.String({ description: 'ES256 JWT (`sub`, `acr`, `amr`, `auth_time`, `nonce`)' }),
    ),
    refresh_token: Type.Optional(
      Type.String({
        description:
          "14 days; a public client's rotates on every use, a confidential one's when most of its lifetime has passed",
      }),
    ),
    scope: Type.String({ description: 'the granted scopes, space-separated' }),
  },
  {
    examples: [
      {
        access_token: 'ODqDIvhcSuCUyUCcvKwq5ysl9Qhtdyb7eyhuU8gX1b3',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token:
          'eyJhbGciOiJFUzI1NiIsImtpZCI6IlV2TExJS0tyZXR6LTFQbkkifQ.eyJzdWIiOiJiZTVlZjQzMi0xZjg0LTQ0MzAtYjJmNy0wYmM3NjY4Njc5ZDAiLCJhY3IiOiJFUyJ9.AP0v8CrmZ5UAVl7z-Igk2wNBXnZb5ucF',
        refresh_token: 'S_Y0g4PdA63VshIcSJo-Xb2HblhYK5THZh3F3ZkYC0X',
        scope: 'openid profile',
      },
    ],
  },
);

/** `GET`/`POST {issuer}/me`: the signed-in FIDO user's claims. */
export const UserInfo = Type.Object(
  {
    sub: Type.String({ description: "the FIDO user's `id`" }),
    name: Type.Optional(Type.String()),
    preferred_username: Type.Optional(Type.String({ description: 'the `user_identifier`' })),
  },
  {
    examples: [
      { sub: 'be5ef432-1f84-4430-b2f7-0bc7668679d0', name: 'Alice', preferred_username: 'alice' },
    ],
  },
);

/** An OAuth 2.0 error (RFC 6749 §5.2, RFC 6750 §3.1): what the provider answers, not svc's Error. */
export const OAuthError = Type.Object(
  {
    error: Type.String({ description: 'an OAuth error code, e.g. `invalid_grant`' }),
    error_description: Type.Optional(Type.String()),
  },
  { description: 'OAuth error' },
);

/** `POST {issuer}/backchannel`, form-encoded (OpenID CIBA Core 1.0 §7.1). */
export const BackchannelRequest = Type.Object(
  {
    scope: Type.String({ description: 'with `openid`' }),
    login_hint: Type.Optional(Type.String({ description: "the FIDO user's `user_identifier`" })),
    id_token_hint: Type.Optional(Type.String({ description: 'an ID token of the user, instead' })),
    binding_message: Type.Optional(
      Type.String({ maxLength: 100, description: "shown on the phone as the request's action" }),
    ),
    acr_values: Type.Optional(Type.String({ description: '`EN`, `ES` or `EX`: its level' })),
    requested_expiry: Type.Optional(
      Type.String({ description: 'seconds, at most 600 (the default)' }),
    ),
    client_notification_token: Type.Optional(
      Type.String({ description: 'required of a ping client: the Bearer token of its ping' }),
    ),
    ...client,
  },
  {
    examples: [
      {
        scope: 'openid profile',
        login_hint: 'alice@example.com',
        binding_message: 'Pay 120 EUR to Example Shop',
        acr_values: 'ES',
      },
    ],
  },
);

/** The backchannel request's answer: the id its tokens are polled with. */
export const BackchannelResponse = Type.Object(
  {
    auth_req_id: Type.String(),
    expires_in: Type.Integer({ description: 'seconds the phone has to answer' }),
  },
  { examples: [{ auth_req_id: 'bY2hCqTgdPj1oRzW5eL7vXn3sKa9mFu0iHyG4tEwQcZ', expires_in: 600 }] },
);
