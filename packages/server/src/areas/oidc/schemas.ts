import { Type } from '@sinclair/typebox';
import {
  FidoCeremonyOptions,
  FidoVerifyBody,
  OidcClientSettings,
  OidcClientSettingsBody,
} from '@svc/wire';
import { ErrorBody, ErrorWithFieldsBody, op } from '../../core/http/schemas.js';

const Segment = Type.String({ minLength: 1, maxLength: 128 });
const InteractionParams = Type.Object({ organization: Segment, uid: Segment });
const Empty = Type.Object({});
const Next = Type.Object({ redirect_to: Type.String() });
const errors = { 404: ErrorBody, 409: ErrorBody };
const IdParams = Type.Object({ id: Type.String({ maxLength: 128 }) });
const apiErrors = { 400: ErrorWithFieldsBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/**
 * Per route: what it takes and answers. The provider's own endpoints (discovery, authorization,
 * token, userinfo, JWKS, end session) are oidc-provider's, behind the one hijacked `provider`
 * route; its JSON ones are written into the FIDO document by provider-openapi.ts. The others are
 * svc's sign-in page and its calls, not part of an API document.
 */
export const route = {
  getClient: {
    ...op('getOidcClient', 'Organizations', "Read the OpenID client's settings"),
    params: IdParams,
    response: { 200: OidcClientSettings, ...apiErrors },
  },
  updateClient: {
    ...op(
      'updateOidcClient',
      'Organizations',
      "Change the OpenID client's settings",
      'For "Sign in with svc" (README): what the body names changes, the rest stays; the provider uses it at once.',
    ),
    params: IdParams,
    body: OidcClientSettingsBody,
    response: { 200: OidcClientSettings, ...apiErrors },
  },
  provider: { hide: true, params: Type.Object({ organization: Segment }) },
  serverMetadata: { hide: true, params: Type.Object({ '*': Type.String({ maxLength: 1024 }) }) },
  script: { hide: true },
  page: { hide: true, params: InteractionParams },
  startPasskey: {
    hide: true,
    params: InteractionParams,
    body: Empty,
    response: { 200: Type.Union([Next, FidoCeremonyOptions]), ...errors },
  },
  finishPasskey: {
    hide: true,
    params: InteractionParams,
    body: Type.Object({ response: FidoVerifyBody.properties.response }),
    response: { 200: Next, ...errors },
  },
  startPhone: {
    hide: true,
    params: InteractionParams,
    body: Empty,
    response: { 200: Type.Object({ payload: Type.String(), qr: Type.String() }), ...errors },
  },
  pollPhone: {
    hide: true,
    params: InteractionParams,
    /** Seconds to hold the call while nothing changes (the page asks for 20). */
    querystring: Type.Object({ wait: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })) }),
    body: Empty,
    response: {
      200: Type.Union([Type.Object({ state: Type.Literal('waiting') }), Next]),
      ...errors,
    },
  },
};
