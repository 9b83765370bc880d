import type { ConsoleRole } from '@svc/wire';

/** The console's tables (migration 0026, areas/console/). */
export interface ConsoleAccountsTable {
  id: string;
  /** Null for an operator. */
  customer_id: string | null;
  role: ConsoleRole;
  name: string;
  /** The account's passkey user in svc's own FIDO organization. */
  fido_user_id: string;
  created_at: string;
}

export interface ConsoleInvitationsTable {
  id: string;
  secret_hash: string;
  customer_id: string | null;
  role: ConsoleRole;
  name: string;
  /** Set once the invitee opened it: the passkey registration it runs. */
  fido_user_id: string | null;
  registration_id: string | null;
  registration_secret_sealed: string | null;
  accepted_at: string | null;
  expires_at: string;
  created_at: string;
}

export interface ConsoleSessionsTable {
  token_hash: string;
  account_id: string;
  csrf_token: string;
  expires_at: string;
  created_at: string;
}

/** One delivery attempt of an outbox item (core/outbox/worker.ts). */
export interface OutboxAttemptsTable {
  outbox_id: string;
  attempt: number;
  at: string;
  outcome: 'delivered' | 'failed';
  duration_ms: number;
  error: string | null;
}
