import {
  auditEntry,
  leafHash,
  openCheckpoint,
  verifyConsistency,
  verifyInclusion,
  type AuditCheckpoint,
  type AuditEvent,
  type AuditEventList,
  type Checkpoint,
  type ConsistencyProof,
  type InclusionProof,
} from '@svc/wire/web';

export interface AuditFilter {
  /** A page's `next_cursor`: the events after it. */
  after?: string;
  /** Page size, 1–500 (default 100). */
  limit?: number;
  action?: string;
  outcome?: 'success' | 'failure';
  /** An actor kind, credential fingerprint, device or user. */
  actor?: string;
  /** An id among the events' targets. */
  target?: string;
  since?: Date | string;
  until?: Date | string;
}

/** Thrown when the log does not prove what it must: a bad signature or proof. */
export class AuditVerificationError extends Error {
  override readonly name = 'AuditVerificationError';
}

const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/**
 * The customer's audit trail (docs/audit.md): its events, checkpoints and proofs, and the checks
 * a customer makes from outside. Keep the checkpoint `checkLog` answers and pass it next time:
 * each call proves that the log's newer history extends the one you kept.
 */
export class AuditLog {
  constructor(
    private readonly get: <T>(path: string) => Promise<T>,
    /** `/api/v2` (server credentials) or `/api/v1` (the FIDO API key). */
    private readonly prefix: string,
  ) {}

  /** `GET …/audit_events`: a page of events, oldest first. */
  events(filter: AuditFilter = {}): Promise<AuditEventList> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filter))
      if (value !== undefined)
        query.set(key, value instanceof Date ? value.toISOString() : String(value));
    // No bare `?`: fetch drops it, and the signature would cover a path that was not sent.
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return this.get(`${this.prefix}/audit_events${search}`);
  }

  /** Every event that matches, page by page. */
  async *allEvents(filter: AuditFilter = {}): AsyncGenerator<AuditEvent, void, undefined> {
    let after = filter.after;
    do {
      const page = await this.events({ ...filter, ...(after === undefined ? {} : { after }) });
      yield* page.audit_events;
      after = page.next_cursor ?? undefined;
    } while (after !== undefined);
  }

  /** `GET …/audit_checkpoint`: the newest signed checkpoint. */
  checkpoint(): Promise<AuditCheckpoint> {
    return this.get(`${this.prefix}/audit_checkpoint`);
  }

  inclusionProof(eventId: string, treeSize?: number): Promise<InclusionProof> {
    const query = treeSize === undefined ? '' : `?tree_size=${treeSize}`;
    return this.get(
      `${this.prefix}/audit_events/${encodeURIComponent(eventId)}/inclusion_proof${query}`,
    );
  }

  consistencyProof(first: number, second: number): Promise<ConsistencyProof> {
    return this.get(`${this.prefix}/audit_consistency_proof?first=${first}&second=${second}`);
  }

  /**
   * Reads the newest checkpoint, checks its signature with `verifierKey` (keep it from your
   * first call, or from the operator) and, when you pass the checkpoint you kept, that the new
   * one extends it. Answers the new checkpoint, to keep.
   */
  async checkLog(verifierKey: string, kept?: string): Promise<{ note: string } & Checkpoint> {
    const latest = await this.checkpoint();
    const next = opened(latest.checkpoint, verifierKey);
    if (kept !== undefined) {
      const old = opened(kept, verifierKey);
      if (old.origin !== next.origin)
        throw new AuditVerificationError('the checkpoints are of different logs');
      const proof = await this.consistencyProof(old.size, next.size);
      const hashes = proof.hashes.map(bytes);
      if (!verifyConsistency(old.size, next.size, old.root, next.root, hashes))
        throw new AuditVerificationError(
          `the log of ${next.size} events does not extend the one of ${old.size} you kept`,
        );
    }
    return { note: latest.checkpoint, ...next };
  }

  /** Checks that `event` is in the log the checkpoint `note` signs, by its inclusion proof. */
  async checkEvent(event: AuditEvent, note: string, verifierKey: string): Promise<void> {
    const checkpoint = opened(note, verifierKey);
    const proof = await this.inclusionProof(event.id, checkpoint.size);
    const leaf = leafHash(auditEntry(event));
    const hashes = proof.hashes.map(bytes);
    if (!verifyInclusion(event.index, checkpoint.size, leaf, hashes, checkpoint.root))
      throw new AuditVerificationError(`event ${event.id} is not in the signed log as shown`);
  }
}

function opened(note: string, verifierKey: string): Checkpoint {
  const checkpoint = openCheckpoint(note, verifierKey);
  if (typeof checkpoint === 'string') throw new AuditVerificationError(checkpoint);
  return checkpoint;
}
