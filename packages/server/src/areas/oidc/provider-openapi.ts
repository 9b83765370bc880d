import { Type, type TSchema } from '@sinclair/typebox';
import { AppError } from '../../core/errors.js';
import { exampleOf } from '../../core/http/openapi/examples.js';
import type { WrittenOperations } from '../../core/http/openapi/written.js';
import { ErrorBody } from '../../core/http/schemas.js';
import {
  BackchannelRequest,
  BackchannelResponse,
  Discovery,
  OAuthError,
  ProviderJwks,
  TokenRequest,
  TokenResponse,
  UserInfo,
} from './provider-schemas.js';

type Json = Record<string, unknown>;

/**
 * The provider's JSON endpoints in the FIDO OpenAPI document. They are not Fastify routes (one
 * hijacked route hands `/oidc/{organization_id}/*` to oidc-provider, routes.ts), so they are
 * written here as OpenAPI and added to the document as they are (docs/decisions/oidc.md). The
 * authorization and end-session endpoints answer browsers with redirects and pages: not here.
 */
const tag = 'Sign in with svc';

const organizationId = {
  name: 'organization_id',
  in: 'path',
  required: true,
  description: "The FIDO organization's `id`; the issuer is `{base}/oidc/{organization_id}`.",
  schema: { type: 'string', minLength: 1, maxLength: 128 },
};

const text = (description: string) => ({ description, schema: { type: 'string' } });
interface Media {
  example?: unknown;
  type?: string;
  headers?: Json;
}
const answer = (description: string, schema: TSchema, media: Media = {}) => {
  const { example = exampleOf(schema), type = 'application/json', headers } = media;
  return { description, content: { [type]: { schema, example } }, ...(headers && { headers }) };
};
const oauth = (description: string, example: Json, scheme?: string) =>
  answer(description, OAuthError, {
    example,
    ...(scheme && {
      headers: { 'WWW-Authenticate': text(`\`${scheme} realm="{issuer}", error="…"\``) },
    }),
  });

const OAuthOrSvcError = Type.Union([OAuthError, ErrorBody]);
/** What any provider endpoint may answer besides its own: svc's refusals before the provider. */
const refusals = {
  404: answer("No such organization (svc's Error body, `ORGANIZATION_NOT_FOUND`)", ErrorBody, {
    example: new AppError('ORGANIZATION_NOT_FOUND').body(),
  }),
  '4XX': answer(
    "Other 4XX errors: an OAuth error, or svc's Error body (a path too long, 414; too many requests, 429)",
    OAuthOrSvcError,
    { example: new AppError('RATE_LIMITED').body() },
  ),
  '5XX': answer("Other 5XX errors: OAuth `server_error`, or svc's Error body", OAuthOrSvcError, {
    example: { error: 'server_error', error_description: 'oops! something went wrong' },
  }),
};

const errorsNote =
  "**Errors** are OAuth 2.0 error bodies `{error, error_description}` (RFC 6749 §5.2, RFC 6750 §3.1), as oidc-provider answers them, not svc's Error body. Only what svc refuses before the provider has svc's Error body: an unknown organization (404), a malformed URL (400), a path too long (414), too many requests (429).";

function operation(o: {
  operationId: string;
  summary: string;
  description: string;
  credentials: string;
  security: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
}): Json {
  return {
    operationId: o.operationId,
    summary: o.summary,
    tags: [tag],
    description: [o.description, errorsNote, `**Credentials:** ${o.credentials}`].join('\n\n'),
    parameters: [organizationId],
    security: o.security,
    ...(o.requestBody ? { requestBody: o.requestBody } : {}),
    responses: { ...o.responses, ...refusals },
  };
}

const noCredentials = { security: [], credentials: 'No credentials.' };

const discovery = operation({
  operationId: 'getOidcDiscovery',
  summary: "The organization's OpenID Provider metadata",
  description:
    'OpenID Connect Discovery 1.0: the issuer, its endpoints and what they support. A client library starts here.',
  ...noCredentials,
  responses: { 200: answer('OK', Discovery) },
});

const serverMetadata = operation({
  operationId: 'getOidcServerMetadata',
  summary: "The organization's OAuth 2.0 authorization server metadata",
  description:
    "RFC 8414 §3: the same document as discovery, at the host's well-known path with the issuer's path after it.",
  ...noCredentials,
  responses: { 200: answer('OK', Discovery) },
});

const jwks = operation({
  operationId: 'getOidcJwks',
  summary: 'Keys that verify ID tokens',
  description: "The provider's `jwks_uri`: svc's signing keys, the same set as `/jwks`.",
  ...noCredentials,
  responses: {
    200: answer('OK', ProviderJwks, { type: 'application/jwk-set+json' }),
  },
});

const token = operation({
  operationId: 'postOidcToken',
  summary: 'Exchange a code or a refresh token for tokens',
  description:
    'A form (`application/x-www-form-urlencoded`): `authorization_code` with the PKCE `code_verifier` (S256, required of every client), `refresh_token` (a refresh token comes with every code exchange), or a CIBA `auth_req_id`.',
  security: [{ OidcClientSecret: [] }, {}],
  credentials:
    'a confidential client authenticates with its secret (`client_secret_basic`, or `client_secret` in the form: `client_secret_post`); a public client (no secret issued) sends only its `client_id` in the form.',
  requestBody: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: TokenRequest,
        example: exampleOf(TokenRequest),
      },
    },
  },
  responses: {
    200: answer('OK', TokenResponse, {
      headers: { 'Cache-Control': text('`no-store`') },
    }),
    400: oauth(
      'OAuth error: `invalid_request`, `invalid_grant` (a bad, used or expired code, a wrong verifier or redirect URI), `unsupported_grant_type`…',
      { error: 'invalid_grant', error_description: 'grant request is invalid' },
    ),
    401: oauth(
      'OAuth `invalid_client`: unknown client or wrong secret',
      { error: 'invalid_client', error_description: 'client authentication failed' },
      'Basic',
    ),
  },
});

const backchannel = operation({
  operationId: 'postOidcBackchannel',
  summary: "Ask the user's phone to sign them in (CIBA)",
  description:
    "A form (`application/x-www-form-urlencoded`), for clients whose settings opted in to CIBA: a svcfication goes to the phones bound to the user (`binding_message` its action, `acr_values` its level). The tokens come from the token endpoint's `urn:openid:params:grant-type:ciba` grant: `authorization_pending` until the phone answers, then the tokens (`acr`: the level proved), `access_denied`, `unmet_authentication_requirements` or `expired_token`. A ping client is notified first.",
  security: [{ OidcClientSecret: [] }],
  credentials: 'the confidential client, with its secret (Basic or in the form).',
  requestBody: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: BackchannelRequest,
        example: exampleOf(BackchannelRequest),
      },
    },
  },
  responses: {
    200: answer('Sent to the phone', BackchannelResponse),
    400: oauth(
      'OAuth error: `invalid_request` (CIBA not allowed for the client, a missing parameter), `unknown_user_id`, `invalid_binding_message`, `access_denied` (no phone can answer)…',
      { error: 'unknown_user_id', error_description: 'could not identify end-user' },
    ),
    401: oauth(
      'OAuth `invalid_client`: unknown client or wrong secret',
      { error: 'invalid_client', error_description: 'client authentication failed' },
      'Basic',
    ),
  },
});

const userinfo = (method: 'get' | 'post') =>
  operation({
    operationId: `${method}OidcUserinfo`,
    summary: `The signed-in user's claims (${method.toUpperCase()})`,
    description:
      'OpenID Connect UserInfo: `sub` (the FIDO user `id`), `name` and `preferred_username` (the `user_identifier`) with the `profile` scope.' +
      (method === 'post'
        ? ' The access token may also come as `access_token` in a form body (RFC 6750 §2.2).'
        : ''),
    security: [{ OidcAccessToken: [] }],
    credentials: '`Authorization: Bearer <access_token>` from the token endpoint.',
    responses: {
      200: answer('OK', UserInfo),
      400: oauth('OAuth `invalid_request`: the token sent in more than one way', {
        error: 'invalid_request',
        error_description: 'access token must only be provided using one mechanism',
      }),
      401: oauth(
        'OAuth `invalid_token`: no access token (`WWW-Authenticate: Bearer realm=…` without an error, RFC 6750 §3.1), or an unknown, expired or revoked one',
        { error: 'invalid_token', error_description: 'invalid token provided' },
        'Bearer',
      ),
    },
  });

/** The provider's JSON endpoints, their schemas and credentials, for the FIDO document (app.ts). */
export const providerOperations: WrittenOperations = {
  schemas: {
    OidcDiscovery: Discovery,
    OidcJwks: ProviderJwks,
    OidcTokenRequest: TokenRequest,
    OidcTokens: TokenResponse,
    OidcBackchannelRequest: BackchannelRequest,
    OidcBackchannelResponse: BackchannelResponse,
    OidcUserInfo: UserInfo,
    OAuthError,
  },
  paths: {
    '/oidc/{organization_id}/.well-known/openid-configuration': { get: discovery },
    '/.well-known/oauth-authorization-server/oidc/{organization_id}': { get: serverMetadata },
    '/oidc/{organization_id}/jwks': { get: jwks },
    '/oidc/{organization_id}/token': { post: token },
    '/oidc/{organization_id}/backchannel': { post: backchannel },
    '/oidc/{organization_id}/me': { get: userinfo('get'), post: userinfo('post') },
  },
  securitySchemes: {
    OidcClientSecret: {
      type: 'http',
      scheme: 'basic',
      description:
        "client_secret_basic: the organization's `oidc_client_id` and the secret `POST /api/v1/organizations/{id}/client_secret` issued, each form-urlencoded, as HTTP Basic. A wrong one is 401 `invalid_client`.",
    },
    OidcAccessToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        'An access token from the token endpoint (an hour). A missing, unknown or expired one is 401 `invalid_token`, with `WWW-Authenticate: Bearer`.',
    },
  },
};
