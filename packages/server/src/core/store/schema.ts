import type { SvcficationStatus, VerificationStatus } from '@svc/wire';

/**
 * Table types. Portable across SQLite and PostgreSQL: timestamps are ISO-8601 text, booleans are
 * 0/1 integers, JSON is text.
 */
export interface CustomersTable {
  id: string;
  name: string;
  verify_identity_documents: number;
  /** 1: svcfications of desired_level ≥ 2 use number matching unless the request says otherwise. */
  number_matching: number;
  created_at: string;
}

export type CredentialKind = 'server' | 'sdk' | 'user' | 'sandbox' | 'fido';

export interface CredentialsTable {
  token_hash: string;
  customer_id: string;
  kind: CredentialKind;
  /** AES-256-GCM sealed HMAC secret; null for bearer-only kinds. */
  secret_sealed: string | null;
  created_at: string;
}

export interface SigningKeysTable {
  kid: string;
  /** Sealed private JWK. */
  private_sealed: string;
  public_jwk: string;
  created_at: string;
}

export interface SandboxRecordsTable {
  identification_id: string;
  record: string;
  updated_at: string;
}

export interface OutboxTable {
  id: string;
  kind: 'callback' | 'sms';
  state: 'pending' | 'delivered' | 'dead';
  target: string;
  payload: string;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  delivered_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** Single-use nonces (X-Device-Sig, payloads), kept until the replay window has passed. */
export interface NoncesTable {
  value: string;
  expires_at: string;
}

/** Area B: a service user (`svc_id`); each registered device creates one. */
export interface UsersTable {
  id: string;
  customer_id: string;
  created_at: string;
}

export interface DevicesTable {
  identifier: string;
  customer_id: string;
  user_id: string;
  /** RFC 7638 thumbprint of the device key; unique per customer. */
  thumbprint: string;
  device_public_key: string;
  auth_public_key: string | null;
  secondary_auth_public_key: string | null;
  device_platform: string;
  bundle_id: string | null;
  active: number;
  activated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The RP's identifier of a service user (one per user and customer). */
export interface UserIdentifiersTable {
  customer_id: string;
  user_id: string;
  identifier: string;
  created_at: string;
}

export interface UserDevicesTable {
  id: string;
  customer_id: string;
  device_identifier: string;
  user_identifier: string;
  active: number;
  activated_at: string | null;
  created_at: string;
}

/** Only the hash and status of a document are ever stored. */
export interface IdentityDocumentsTable {
  id: string;
  customer_id: string;
  user_id: string;
  hash: string;
  type: string;
  verification_status: VerificationStatus;
  verified_at: string | null;
  created_at: string;
}

/** Area C: at most one organization per customer; its `domain_name` is the WebAuthn RP ID. */
export interface FidoOrganizationsTable {
  id: string;
  customer_id: string;
  name: string;
  domain_name: string;
  /** Its `domain_name`, held by it alone (unique); null for `localhost` and for pre-0007 sharers. */
  domain_claim: string | null;
  oidc_client_id: string;
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

/** Area B authentication requests. Status IN_PROGRESS past expires_at reads EXPIRED. */
export interface SvcficationsTable {
  id: string;
  customer_id: string;
  status: SvcficationStatus;
  action: string;
  resource: string;
  desired_level: number;
  /** Targets: the device, service user and RP identifier the request is addressed to. */
  target_device: string | null;
  target_user_id: string | null;
  user_identifier: string | null;
  svc_id: string | null;
  device_identifier: string | null;
  callback_url: string | null;
  custom_fields: string | null;
  prompt: number;
  user_presence: number;
  show_identity_document: number;
  result: string | null;
  /** Legacy v1 fields. */
  legacy: string | null;
  /** Number matching: the number the RP shows (10–99) and the device's three choices (JSON). */
  match_number: number | null;
  match_candidates: string | null;
  /** Who the fatigue limits count it against: the user identifier, else svc:… or device:…. */
  subject: string | null;
  /** Why the device rejected it (`declined`, `fraud`, or a failed number match). */
  reject_reason: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** Area B scannable pairing codes. */
export interface SvccodesTable {
  id: string;
  customer_id: string;
  expires_at: string;
  paired_device: string | null;
  paired_at: string | null;
  retrieved_at: string | null;
  created_at: string;
}

/** Named values the service keeps about itself (`master_key_check`). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** A claimed write and, once answered, its response (core/http/replay.ts). */
export interface IdempotencyTable {
  customer_id: string;
  key: string;
  /** Random per claim: only the request that made it stores or releases it. */
  claim: string;
  /** Hash of method, path and body: the same Idempotency-Key with another request is refused. */
  fingerprint: string;
  /** Null while the first request runs. */
  status: number | null;
  /** JSON object of the replayed headers (content-type, location). */
  headers: string | null;
  body: string | null;
  expires_at: string;
  created_at: string;
}

export interface Database {
  svcfications: SvcficationsTable;
  svccodes: SvccodesTable;
  users: UsersTable;
  devices: DevicesTable;
  user_identifiers: UserIdentifiersTable;
  user_devices: UserDevicesTable;
  identity_documents: IdentityDocumentsTable;
  nonces: NoncesTable;
  customers: CustomersTable;
  credentials: CredentialsTable;
  signing_keys: SigningKeysTable;
  sandbox_records: SandboxRecordsTable;
  outbox: OutboxTable;
  fido_organizations: FidoOrganizationsTable;
  fido_redirect_uris: FidoRedirectUrisTable;
  fido_users: FidoUsersTable;
  fido_credentials: FidoCredentialsTable;
  fido_registrations: FidoLinksTable;
  fido_authentications: FidoLinksTable;
  sms_messages: SmsMessagesTable;
  settings: SettingsTable;
  idempotency: IdempotencyTable;
}
