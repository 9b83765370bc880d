import type { IncomingMessage } from 'node:http';
import type { JWK } from 'jose';
import Provider, {
  interactionPolicy,
  type Client,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { adapterClass, requirePkce } from './adapter.js';
import { cibaFeature } from './ciba.js';
import type { OidcDeps, OidcOrganization } from './deps.js';
import { levelOfAcr, requiredLevel, supportedAcrs } from './levels.js';
import { providerPages } from './provider-pages.js';

/** Where an organization's provider lives: under its pages' base (docs/decisions/oidc.md). */
export const issuerOf = (org: OidcOrganization) => `${org.base}/oidc/${org.organizationId}`;
/** The issuer's path: where the provider is mounted as the browser and the clients see it. */
const mountOf = (org: OidcOrganization) => new URL(issuerOf(org)).pathname;

/**
 * A request to the provider as its issuer is reached, whatever Host and X-Forwarded-* the client
 * or a proxy sent: oidc-provider builds every URL it answers (discovery's endpoints, redirects to
 * the sign-in page and back) from the request's origin and mount path, so they come from the
 * issuer, base path included, never from headers a client chose. `req.url` is already the path
 * below the mount.
 */
export function asIssuerRequest(
  provider: Provider,
  req: IncomingMessage & { originalUrl?: string },
): void {
  const issuer = new URL(provider.issuer);
  // oidc-provider finds its mount as what precedes the first `req.url` in `originalUrl`: with a
  // `?` in it (an empty query changes nothing), `req.url` cannot occur inside the issuer's path
  // (a base path `/auth` and `POST /auth` would otherwise put the mount at 0).
  if (!req.url?.includes('?')) req.url = `${req.url ?? '/'}?`;
  req.originalUrl = `${issuer.pathname}${req.url}`;
  req.headers.host = issuer.host;
  req.headers['x-forwarded-host'] = issuer.host;
  req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
}

const scopes = 'openid profile offline_access';

/**
 * The client is the organization's own (first party): the grant is made at sign-in, with no
 * consent screen, for the scopes svc offers.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (existing) return existing;
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(scopes);
  await grant.save();
  return grant;
}

/**
 * oidc-provider's prompts, plus one: a session whose sign-in proved less than `acr_values` asks
 * for signs in again (with `prompt=none`: login_required), never a token with a lower `acr`.
 */
function signInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'acr_values',
        'The session does not prove the requested assurance level',
        'login_required',
        ({ oidc }) => levelOfAcr(oidc.acr) < requiredLevel(oidc.params?.acr_values),
      ),
    );
  return policy;
}

const originOf = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
};

function pkceRequired(ctx: KoaContextWithOIDC, client: Client): boolean {
  const confidential = client.clientAuthMethod !== 'none';
  return !confidential || client[requirePkce] === true || !ctx.oidc.params?.nonce;
}

/** One organization's OpenID Provider (oidc-provider), signing with svc's keys. */
export function buildProvider(deps: OidcDeps, org: OidcOrganization, keys: JWK[]): Provider {
  const pages = providerPages(org);
  const configuration: Configuration = {
    adapter: adapterClass(deps, org.organizationId),
    jwks: { keys },
    // Every organization's provider is on one host with the same cookie names: the session
    // cookie is kept to the issuer's path (as the browser sees it, a proxy's base path
    // included), so signing in with one organization never replaces another's session (the
    // interaction cookies are kept to their own pages' paths already).
    cookies: { keys: [deps.cookieKey], long: { path: mountOf(org) } },
    async findAccount(_ctx, sub) {
      const user = await deps.fido.user(org.customerId, { id: sub });
      return (
        user && {
          accountId: user.id,
          claims: () => ({
            sub: user.id,
            name: user.name,
            preferred_username: user.userIdentifier,
          }),
        }
      );
    },
    // What actually happened (acr, amr) is in every ID token, asked for or not.
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      sid: null,
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      profile: ['name', 'preferred_username'],
    },
    // The profile claims are in the ID token too (as most providers do): Auth.js and passport's
    // strategy read the user from the ID token alone, not userinfo.
    conformIdTokenClaims: false,
    scopes: scopes.split(' '),
    acrValues: supportedAcrs,
    responseTypes: ['code'],
    // What svc's clients can use, and only that, is in discovery: a public client authenticates
    // with none, a confidential one with its secret, as Basic or in the form (oidc-provider takes
    // either for a client registered with one); client_secret_jwt and the others would be 401.
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    // ES256 (svc's keys) and RS256 (OpenID Connect Discovery 1.0 §3 requires it).
    enabledJWA: { idTokenSigningAlgValues: ['ES256', 'RS256'] },
    // PKCE (S256) for a public client; a confidential one may bind its code to the browser with
    // a nonce instead (RFC 9700 §4.5.3), unless its settings require PKCE. The nonce itself is
    // optional in the code flow (OpenID Connect Core 3.1.2.1).
    pkce: { required: pkceRequired },
    extraClientMetadata: { properties: [requirePkce] },
    allowOmittingSingleRegisteredRedirectUri: false,
    // Browser clients (a SPA) call the token and userinfo endpoints from the origins of their
    // redirect URIs, and from no other.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => originOf(uri) === origin),
    // Refresh tokens always, offline_access or not (docs/decisions/oidc.md).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant,
    features: {
      devInteractions: { enabled: false },
      // Push sign-in without a browser redirect, for the clients that opt in (ciba.ts).
      ciba: cibaFeature(deps, org),
      // Off: the flow is the authorization code with PKCE; pushed requests would be one more
      // endpoint to describe and test (docs/decisions/oidc.md).
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
    },
    interactions: {
      policy: signInPolicy(),
      url: (_ctx, interaction) => `${mountOf(org)}/interaction/${interaction.uid}`,
    },
    renderError: pages.renderError,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 14 * 86_400,
      Session: 14 * 86_400,
      RefreshToken: 14 * 86_400,
      // CIBA: 10 minutes, or the client's requested_expiry when shorter.
      BackchannelAuthenticationRequest: (ctx) =>
        Math.min(600, Number(ctx?.oidc.params?.requested_expiry ?? 600) || 600),
    },
  };
  const provider = new Provider(issuerOf(org), configuration);
  // The forwarded headers it reads are the issuer's own (asIssuerRequest).
  provider.proxy = true;
  exactRedirectUris(provider);
  provider.use(missingTokenIs401);
  return provider;
}

/**
 * Redirect URIs are compared as the exact strings registered (RFC 9700 §4.1.3; the docs promise
 * it): oidc-provider compares them after URL parsing, which takes `HTTP://LOCALHOST:080/x/../cb`
 * for `http://localhost:80/cb`.
 */
function exactRedirectUris(provider: Provider): void {
  const client = provider.Client.prototype;
  client.redirectUriAllowed = function (this: typeof client, uri: string) {
    return this.redirectUris?.includes(uri) ?? false;
  };
  client.postLogoutRedirectUriAllowed = function (this: typeof client, uri: string) {
    return this.postLogoutRedirectUris?.includes(uri) ?? false;
  };
}

/**
 * Userinfo without any access token is 401 (RFC 6750 §3.1: no error code in WWW-Authenticate,
 * which oidc-provider already sets), not oidc-provider's 400 invalid_request.
 */
async function missingTokenIs401(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const body = ctx.body as { error_description?: unknown } | undefined;
  if (
    ctx.oidc?.route === 'userinfo' &&
    ctx.status === 400 &&
    body?.error_description === 'no access token provided'
  ) {
    ctx.status = 401;
    ctx.body = { error: 'invalid_token', error_description: 'no access token provided' };
  }
}
