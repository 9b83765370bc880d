import type { SvcficationStatus, VerificationStatus } from '@svc/wire';
import type * as AreaC from './schema-fido.js';
import type * as Audit from './schema-audit.js';
import type * as Console from './schema-console.js';

export type * from './schema-fido.js';

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

/** `device`: a phone's own credentials from an enrollment (one device's calls only). */
export type CredentialKind = 'server' | 'sdk' | 'user' | 'sandbox' | 'fido' | 'device';

export interface CredentialsTable {
  token_hash: string;
  customer_id: string;
  kind: CredentialKind;
  /** AES-256-GCM sealed HMAC secret; null for bearer-only kinds. */
  secret_sealed: string | null;
  /** The one device a `device` credential speaks for; null for the customer-wide kinds. */
  device_identifier: string | null;
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
  kind: 'callback' | 'sms' | 'push' | 'ciba_ping';
  state: 'pending' | 'delivered' | 'dead';
  target: string;
  /** The customer the item is for; null: an item of no customer, or from before migration 0015. */
  customer_id: string | null;
  payload: string;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  delivered_at: string | null;
  last_error: string | null;
  /** The item a console replay repeats (migration 0026). */
  replay_of: string | null;
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

/** A single-use enrollment link for one user identifier (only the code's SHA-256 is kept). */
export interface EnrollmentsTable {
  id: string;
  customer_id: string;
  user_identifier: string;
  code_hash: string;
  callback_url: string | null;
  /** 1: redeeming deactivates the devices bound to the identifier (a move to a new phone). */
  replaces_devices: number;
  /** Set, with `enrolled_at`, by the one redemption that wins. */
  device_identifier: string | null;
  enrolled_at: string | null;
  expires_at: string;
  created_at: string;
}

/** Named values the service keeps about itself (`master_key_check`). */
/** A device's one push channel (areas/push); `address` is the Web Push endpoint or the token. */
export interface PushChannelsTable {
  id: string;
  customer_id: string;
  device_identifier: string;
  type: 'web_push' | 'fcm' | 'apns';
  address: string;
  /** Web Push only: the subscription's public key and auth secret (base64url). */
  p256dh: string | null;
  auth: string | null;
  updated_at: string;
}

/** A device's WebAuthn presence credential (level 2 for web apps). */
export interface PresenceCredentialsTable {
  device_identifier: string;
  customer_id: string;
  /** base64url */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  counter: number;
  rp_id: string;
  origin: string;
  backed_up: number;
  created_at: string;
}

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
  enrollments: EnrollmentsTable;
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
  fido_organizations: AreaC.FidoOrganizationsTable;
  fido_redirect_uris: AreaC.FidoRedirectUrisTable;
  fido_users: AreaC.FidoUsersTable;
  fido_credentials: AreaC.FidoCredentialsTable;
  fido_registrations: AreaC.FidoLinksTable;
  fido_authentications: AreaC.FidoLinksTable;
  sms_messages: AreaC.SmsMessagesTable;
  settings: SettingsTable;
  push_channels: PushChannelsTable;
  presence_credentials: PresenceCredentialsTable;
  idempotency: IdempotencyTable;
  oidc_payloads: AreaC.OidcPayloadsTable;
  oidc_ciba_requests: AreaC.OidcCibaRequestsTable;
  oidc_clients: AreaC.OidcClientsTable;
  audit_events: Audit.AuditEventsTable;
  audit_nodes: Audit.AuditNodesTable;
  audit_logs: Audit.AuditLogsTable;
  audit_keys: Audit.AuditKeysTable;
  console_accounts: Console.ConsoleAccountsTable;
  console_invitations: Console.ConsoleInvitationsTable;
  console_sessions: Console.ConsoleSessionsTable;
  outbox_attempts: Console.OutboxAttemptsTable;
}
