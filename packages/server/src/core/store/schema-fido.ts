/** Area C and "Sign in with svc" tables (schema.ts holds the Database type). */

/** Area C: at most one organization per customer; its `domain_name` is the WebAuthn RP ID. */
export interface FidoOrganizationsTable {
  id: string;
  customer_id: string;
  name: string;
  domain_name: string;
  /** Its `domain_name`, held by it alone (unique); null for `localhost` and for pre-0007 sharers. */
  domain_claim: string | null;
  oidc_client_id: string;
  /** The OpenID client secret, sealed with the secret box; null: a public client (PKCE only). */
  oidc_client_secret_sealed: string | null;
  require_platform_authenticator: number;
  require_resident_key: number;
  verify_attestation_statement: number;
  created_at: string;
}

/** Allowed `redirect_url` values of an organization, matched as exact strings. */
export interface FidoRedirectUrisTable {
  id: string;
  organization_id: string;
  uri: string;
  created_at: string;
}

/** A FIDO user of a customer; its id (UTF-8) is also the WebAuthn user handle. */
export interface FidoUsersTable {
  id: string;
  customer_id: string;
  user_identifier: string;
  name: string;
  /** 1 once a registration completed. */
  registered: number;
  created_at: string;
}

/** A WebAuthn credential; ids and keys are base64url text. */
export interface FidoCredentialsTable {
  id: string;
  organization_id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON array of transports reported at registration. */
  transports: string;
  attestation_format: string;
  created_at: string;
  last_used_at: string | null;
  /** Given by the user (PATCH); null until renamed. */
  name: string | null;
  /** The authenticator model's AAGUID (uuid text); null when it reports none. */
  aaguid: string | null;
  /** 1 when the authenticator reported the credential as backed up (synced passkey). */
  backed_up: number;
}

export type FidoLinkStatus = 'PENDING' | 'COMPLETED' | 'ERROR' | 'EXPIRED';

/**
 * A registration or authentication link. Only the SHA-256 of the link secret is kept. EXPIRED is
 * read from `expires_at`, and stored only for links that owed an expiry callback.
 */
export interface FidoLinksTable {
  id: string;
  customer_id: string;
  organization_id: string;
  /** Always set on registrations; on authentications once known (hint or completion). */
  user_id: string | null;
  /** The `user_identifier` hint an authentication was created with. */
  user_identifier: string | null;
  secret_hash: string;
  status: FidoLinkStatus;
  /** The challenge of the last options handed out; cleared when a response is judged. */
  challenge: string | null;
  callback_url: string | null;
  sms_phone_number: string | null;
  redirect_url: string | null;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
}

/** SMS kept by the `log` provider (`svc sms list`); the id is the outbox item's. */
export interface SmsMessagesTable {
  id: string;
  to_number: string;
  body: string;
  created_at: string;
}

/** What oidc-provider stores (areas/oidc/adapter.ts): one row per (model, id). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** The organization whose provider wrote it (null: written before 0013, readable by any). */
  organization_id: string | null;
  /** The model's JSON payload. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  consumed_at: string | null;
  expires_at: string | null;
}

/** An organization's OpenID client settings (areas/oidc); no row: the defaults. */
export interface OidcClientsTable {
  organization_id: string;
  /** 1: PKCE required even of a confidential client that sends a nonce. */
  require_pkce: number;
  id_token_signed_response_alg: 'ES256' | 'RS256';
  /** CIBA: null (off), poll or ping. */
  backchannel_token_delivery_mode: 'poll' | 'ping' | null;
  /** CIBA ping: where the client is told a result is ready. */
  backchannel_client_notification_endpoint: string | null;
  updated_at: string;
}

/** A CIBA request waiting for the answer of the svcfication that asks the user's phone. */
export interface OidcCibaRequestsTable {
  /** The provider's auth_req_id. */
  id: string;
  organization_id: string;
  customer_id: string;
  svcfication_id: string;
  /** The user the request names (`sub`). */
  account_id: string;
  expires_at: string;
  created_at: string;
}
