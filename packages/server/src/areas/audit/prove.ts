import type { ConsistencyProof, InclusionProof } from '@svc/wire';
import { findEvent, findLog } from '../../core/audit/audit-repo.js';
import { readNodes } from '../../core/audit/integrate.js';
import { consistencyRanges, inclusionRanges, nodesOf, proofHashes } from '../../core/audit/tree.js';
import { AppError, assertThat } from '../../core/errors.js';
import type { AuditDeps } from './deps.js';

/** The tree size a proof is asked against (default: the newest): at most the log's. */
async function checkedSize(deps: AuditDeps, logId: string, size?: number): Promise<number> {
  const signed = (await findLog(deps.db, logId))?.size ?? 0;
  if ((size ?? signed) > signed)
    throw new AppError('AUDIT_TREE_SIZE', `The log has ${signed} events signed so far.`);
  return size ?? signed;
}

/** RFC 6962 inclusion proof of an event in the log's tree of `size` (default: the newest). */
export async function proveInclusion(
  deps: AuditDeps,
  logId: string,
  eventId: string,
  size?: number,
): Promise<InclusionProof> {
  const event = await findEvent(deps.db, logId, eventId);
  assertThat(event, 'AUDIT_EVENT_NOT_FOUND');
  const treeSize = await checkedSize(deps, logId, size);
  const index = event.leaf_index;
  if (index === null || index >= treeSize)
    throw new AppError('AUDIT_TREE_SIZE', 'The event is not in a tree of that size yet.');
  const ranges = inclusionRanges(index, [0, treeSize]);
  const nodes = await readNodes(deps.db, logId, nodesOf(ranges));
  return { leaf_index: index, tree_size: treeSize, hashes: proofHashes(ranges, nodes) };
}

/** RFC 6962 consistency proof between the log's trees of `first` and `second` events. */
export async function proveConsistency(
  deps: AuditDeps,
  logId: string,
  first: number,
  second: number,
): Promise<ConsistencyProof> {
  if (first > second) throw new AppError('AUDIT_TREE_SIZE', '`first` is larger than `second`.');
  await checkedSize(deps, logId, second);
  const ranges = consistencyRanges(first, second);
  const nodes = await readNodes(deps.db, logId, nodesOf(ranges));
  return { first, second, hashes: proofHashes(ranges, nodes) };
}
