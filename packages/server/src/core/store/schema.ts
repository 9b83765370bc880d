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
  target: string;
  payload: string;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  delivered_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface Database {
  customers: CustomersTable;
  credentials: CredentialsTable;
  signing_keys: SigningKeysTable;
  sandbox_records: SandboxRecordsTable;
  outbox: OutboxTable;
}
