import type { OidcClientSettings, OidcClientSettingsBody } from '@svc/wire';
import { assertThat, fieldError } from '../../core/errors.js';
import { callbackUrlProblem } from '../../core/outbox/callback-url.js';
import { findClientSettings, saveClientSettings, type ClientRow } from './clients-repo.js';
import type { OidcDeps } from './deps.js';

/** An organization's client settings as the provider uses them; the defaults without a row. */
export interface ClientSettings {
  requirePkce: boolean;
  idTokenAlg: 'ES256' | 'RS256';
  /** CIBA's token delivery mode; null: CIBA is off (ciba.ts). */
  cibaMode: 'poll' | 'ping' | null;
  cibaEndpoint: string | null;
}

const settingsOf = (row: ClientRow | undefined): ClientSettings => ({
  requirePkce: row?.require_pkce === 1,
  idTokenAlg: row?.id_token_signed_response_alg ?? 'ES256',
  cibaMode: row?.backchannel_token_delivery_mode ?? null,
  cibaEndpoint: row?.backchannel_client_notification_endpoint ?? null,
});

export async function clientSettings(
  deps: Pick<OidcDeps, 'db'>,
  organizationId: string,
): Promise<ClientSettings> {
  return settingsOf(await findClientSettings(deps.db, organizationId));
}

/** The caller's organization (another customer's is not found). */
async function ownOrganization(deps: OidcDeps, customerId: string, organizationId: string) {
  const org = await deps.fido.organization(organizationId);
  assertThat(org?.customerId === customerId, 'ORGANIZATION_NOT_FOUND');
  return org;
}

const view = (clientId: string, s: ClientSettings): OidcClientSettings => ({
  client_id: clientId,
  require_pkce: s.requirePkce,
  id_token_signed_response_alg: s.idTokenAlg,
  backchannel_token_delivery_mode: s.cibaMode,
  backchannel_client_notification_endpoint: s.cibaEndpoint,
});

/**
 * What is wrong with CIBA settings: CIBA only for a confidential client (its backchannel
 * requests are authenticated), and `ping` only with an endpoint a callback may reach.
 */
function cibaProblems(
  deps: Pick<OidcDeps, 'allowInsecureCallbacks'>,
  confidential: boolean,
  s: ClientSettings,
): Record<string, string[]> | null {
  if (s.cibaMode && !confidential)
    return { backchannel_token_delivery_mode: ['needs a confidential client (with a secret)'] };
  if (s.cibaMode !== 'ping') return null;
  const problem = s.cibaEndpoint
    ? callbackUrlProblem(s.cibaEndpoint, deps.allowInsecureCallbacks)
    : 'is required with ping';
  return problem ? { backchannel_client_notification_endpoint: [problem] } : null;
}

/** `GET …/oidc_client`: the settings of the caller's organization's OpenID client. */
export async function getClientSettings(
  deps: OidcDeps,
  customerId: string,
  organizationId: string,
): Promise<OidcClientSettings> {
  const org = await ownOrganization(deps, customerId, organizationId);
  return view(org.clientId, await clientSettings(deps, organizationId));
}

/** `PATCH …/oidc_client`: changes what the body names; the provider uses it at once. */
export async function updateClientSettings(
  deps: OidcDeps,
  customerId: string,
  organizationId: string,
  body: OidcClientSettingsBody,
): Promise<OidcClientSettings> {
  const org = await ownOrganization(deps, customerId, organizationId);
  const now = await clientSettings(deps, organizationId);
  const next: ClientSettings = {
    requirePkce: body.require_pkce ?? now.requirePkce,
    idTokenAlg: body.id_token_signed_response_alg ?? now.idTokenAlg,
    cibaMode:
      body.backchannel_token_delivery_mode === undefined
        ? now.cibaMode
        : body.backchannel_token_delivery_mode,
    cibaEndpoint:
      body.backchannel_client_notification_endpoint === undefined
        ? now.cibaEndpoint
        : body.backchannel_client_notification_endpoint,
  };
  const problems = cibaProblems(deps, org.clientSecret !== null, next);
  if (problems) throw fieldError('MISSING_FIELDS', problems);
  await deps.db.transaction().execute(async (tx) => {
    await saveClientSettings(tx, {
      organization_id: organizationId,
      require_pkce: next.requirePkce ? 1 : 0,
      id_token_signed_response_alg: next.idTokenAlg,
      backchannel_token_delivery_mode: next.cibaMode,
      backchannel_client_notification_endpoint: next.cibaEndpoint,
      updated_at: deps.clock.now().toISOString(),
    });
    await deps.audit.record(tx, {
      action: 'oidc.client.updated',
      customerId,
      targets: { organization: organizationId },
      details: {
        require_pkce: next.requirePkce,
        id_token_alg: next.idTokenAlg,
        ciba_mode: next.cibaMode,
      },
    });
  });
  return view(org.clientId, next);
}
