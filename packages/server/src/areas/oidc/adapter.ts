import { errors, type Adapter, type AdapterConstructor, type AdapterPayload } from 'oidc-provider';
import { cibaGrant } from './ciba.js';
import { clientSettings, type ClientSettings } from './client-settings.js';
import type { OidcDeps, OidcOrganization } from './deps.js';
import {
  consumePayload,
  destroyGrant,
  destroyPayload,
  findPayload,
  upsertPayload,
  type PayloadRow,
} from './payloads-repo.js';

/** The client metadata property (svc's own) that says PKCE is required even with a nonce. */
export const requirePkce = 'svc_require_pkce';

/**
 * The organization's one client: its `oidc_client_id`, exactly its redirect URIs (also the
 * allowed post-logout ones), a secret when one was issued (confidential) or none (public, PKCE),
 * and its settings (client-settings.ts). No redirect URI: no client.
 */
export function clientMetadata(
  org: OidcOrganization,
  settings: ClientSettings,
): AdapterPayload | undefined {
  if (org.redirectUris.length === 0) return undefined;
  return {
    client_id: org.clientId,
    client_name: org.name,
    ...(org.clientSecret
      ? { client_secret: org.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    redirect_uris: org.redirectUris,
    post_logout_redirect_uris: org.redirectUris,
    grant_types: ['authorization_code', 'refresh_token', ...(settings.cibaMode ? [cibaGrant] : [])],
    // Poll for oidc-provider whatever the client chose: it would send a ping itself, from the
    // request and only to https; svc queues a ping client's pings in the outbox (ciba-results.ts).
    ...(settings.cibaMode && { backchannel_token_delivery_mode: 'poll' }),
    response_types: ['code'],
    id_token_signed_response_alg: settings.idTokenAlg,
    [requirePkce]: settings.requirePkce,
  };
}

/**
 * oidc-provider's storage contract over svc's store: one row per (model, id), the payload as JSON,
 * its expiry, and the grant id / user code / uid it is looked up by. Each organization's provider
 * sees only its own rows: all share one table, one host and the same cookie names, and a browser
 * brings one organization's cookies to another's pages. `Client` is not stored: it
 * is read from the organization on every use, so a rotated secret or a new redirect URI counts
 * at once.
 */
export function adapterClass(deps: OidcDeps, organizationId: string): AdapterConstructor {
  const now = () => deps.clock.now();
  const alive = (row: PayloadRow | undefined, past = false): AdapterPayload | undefined => {
    if (!row || (!past && row.expires_at !== null && row.expires_at <= now().toISOString()))
      return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at
      ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) }
      : payload;
  };

  return class SvcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return { organizationId, model: this.model, id };
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') return;
      await upsertPayload(deps.db, {
        model: this.model,
        id,
        organization_id: organizationId,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        consumed_at: null,
        expires_at: expiresIn ? new Date(now().getTime() + expiresIn * 1000).toISOString() : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const org = await deps.fido.organization(organizationId);
        return org?.clientId === id
          ? clientMetadata(org, await clientSettings(deps, organizationId))
          : undefined;
      }
      // The CIBA grant reads its request past expiry to answer expired_token (oidc-provider
      // checks the expiry itself); other models are gone once expired.
      const past = this.model === 'BackchannelAuthenticationRequest';
      return alive(await findPayload(deps.db, organizationId, this.model, { id }), past);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return alive(await findPayload(deps.db, organizationId, this.model, { user_code: userCode }));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return alive(await findPayload(deps.db, organizationId, this.model, { uid }));
    }

    /**
     * oidc-provider reads `consumed` before it consumes, so two requests redeeming one code (or
     * rotating one refresh token) at once would both pass its check: only the one whose update
     * finds the row unused goes on, the other gets invalid_grant.
     */
    async consume(id: string): Promise<void> {
      const first = await consumePayload(deps.db, this.key(id), now().toISOString());
      if (!first) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await destroyPayload(deps.db, this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await destroyGrant(deps.db, organizationId, grantId);
    }
  };
}
