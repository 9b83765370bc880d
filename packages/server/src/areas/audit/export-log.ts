import type { AuditEvent } from '@svc/wire';
import { allLogs, allNodes, findEvents } from '../../core/audit/audit-repo.js';
import { inclusionRanges, nodeKey, proofHashes } from '../../core/audit/tree.js';
import { eventView } from '../../core/audit/view.js';
import type { AuditDeps } from './deps.js';
import { getCheckpoint } from './get-checkpoint.js';

/** An exported event: as the API shows it, with its inclusion proof in the checkpoint's tree. */
export type ExportedEvent = AuditEvent & { inclusion_proof: string[] };

/** The logs an export covers: one customer's, or every log (the operator's). */
export async function logsToExport(deps: AuditDeps, customerId?: string): Promise<string[]> {
  return customerId === undefined ? allLogs(deps.db) : [customerId];
}

/**
 * A log's events up to its newest checkpoint, oldest first (those past the retention are gone),
 * each with its inclusion proof read from the tree's stored hashes, so that a row changed since
 * it was appended fails its proof. Answers the checkpoint the proofs are against.
 */
export async function exportLog(
  deps: AuditDeps,
  logId: string,
  write: (event: ExportedEvent) => void,
) {
  const checkpoint = await getCheckpoint(deps, logId);
  const size = checkpoint.tree_size;
  const nodes = new Map(
    (await allNodes(deps.db, logId)).map((n) => [
      nodeKey(n),
      new Uint8Array(Buffer.from(n.hash, 'base64')),
    ]),
  );
  let after: number | null = null;
  for (;;) {
    const rows = await findEvents(deps.db, logId, { after, limit: 1000 });
    for (const row of rows) {
      const event = eventView(row);
      if (event.index >= size) return checkpoint;
      const proof = proofHashes(inclusionRanges(event.index, [0, size]), nodes);
      write({ ...event, inclusion_proof: proof });
    }
    if (rows.length < 1000) return checkpoint;
    after = rows.at(-1)!.leaf_index;
  }
}
