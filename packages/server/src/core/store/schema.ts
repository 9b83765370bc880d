/**
 * Table types. Portable across SQLite and PostgreSQL: timestamps are ISO-8601 text, booleans are
 * 0/1 integers, JSON is text.
 */
export interface CustomersTable {
  id: string;
  name: string;
  verify_identity_documents: number;
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
  verification_status: string;
  verified_at: string | null;
  created_at: string;
}

export interface Database {
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
}
