import type { AuditActorKind, AuditOutcome } from '@svc/wire';

/** The audit trail's tables (migration 0025, core/audit/). */
export interface AuditEventsTable {
  id: string;
  /** The customer's id, or `svc` for events of no customer. */
  log_id: string;
  customer_id: string | null;
  occurred_at: string;
  action: string;
  outcome: AuditOutcome;
  actor_kind: AuditActorKind;
  actor_credential: string | null;
  actor_device: string | null;
  actor_user: string | null;
  source_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  /** JSON object of target ids. */
  targets: string;
  /** JSON object of further facts (a level, a reason); never a secret. */
  details: string;
  /** Null until the integrator appends the event to its log. */
  leaf_index: number | null;
}

export interface AuditNodesTable {
  log_id: string;
  /** 0 for leaves; a node at `level` covers 2^level leaves from `idx` × 2^level. */
  level: number;
  idx: number;
  /** base64 SHA-256. */
  hash: string;
}

export interface AuditLogsTable {
  log_id: string;
  size: number;
  root_hash: string;
  /** The newest signed checkpoint, of `size`. */
  checkpoint: string;
  updated_at: string;
}

export interface AuditKeysTable {
  name: string;
  /** Sealed PKCS #8 DER, base64. */
  private_sealed: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  public_key: string;
  created_at: string;
}
