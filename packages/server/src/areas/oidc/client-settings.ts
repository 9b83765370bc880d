import type { OidcClientSettings, OidcClientSettingsBody } from '@svc/wire';
import { assertThat } from '../../core/errors.js';
import { findClientSettings, saveClientSettings, type ClientRow } from './clients-repo.js';
import type { OidcDeps } from './deps.js';

/** An organization's client settings as the provider uses them; the defaults without a row. */
export interface ClientSettings {
  requirePkce: boolean;
  idTokenAlg: 'ES256' | 'RS256';
}

const settingsOf = (row: ClientRow | undefined): ClientSettings => ({
  requirePkce: row?.require_pkce === 1,
  idTokenAlg: row?.id_token_signed_response_alg ?? 'ES256',
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
});

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
  };
  await saveClientSettings(deps.db, {
    organization_id: organizationId,
    require_pkce: next.requirePkce ? 1 : 0,
    id_token_signed_response_alg: next.idTokenAlg,
    updated_at: deps.clock.now().toISOString(),
  });
  return view(org.clientId, next);
}
