import type { FidoDeps } from '../deps.js';
import { linkBase } from '../links/link.js';
import { findOrganizationById, redirectUrisOf } from './organizations-repo.js';

/** An organization as its OpenID Provider sees it (areas/oidc, through wiring.ts). */
export interface OidcClientRecord {
  organizationId: string;
  customerId: string;
  name: string;
  domainName: string;
  /** Where its pages open (its `user_link` base): its issuer lives under it. */
  base: string;
  clientId: string;
  /** Null for a public client (PKCE only). */
  clientSecret: string | null;
  redirectUris: string[];
}

/** The organization behind an issuer, with its client secret opened; undefined when unknown. */
export async function oidcClient(
  deps: FidoDeps,
  organizationId: string,
): Promise<OidcClientRecord | undefined> {
  const row = await findOrganizationById(deps.db, organizationId);
  if (!row) return undefined;
  const uris = await redirectUrisOf(deps.db, row.id);
  return {
    organizationId: row.id,
    customerId: row.customer_id,
    name: row.name,
    domainName: row.domain_name,
    base: linkBase(deps.config, row.domain_name),
    clientId: row.oidc_client_id,
    clientSecret: row.oidc_client_secret_sealed
      ? deps.box.open(row.oidc_client_secret_sealed)
      : null,
    redirectUris: uris.map((u) => u.uri),
  };
}
