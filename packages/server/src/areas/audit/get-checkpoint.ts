import type { AuditCheckpoint } from '@svc/wire';
import { findLog } from '../../core/audit/audit-repo.js';
import { rootOf } from '../../core/audit/integrate.js';
import { checkpointBody } from '@svc/wire';
import type { AuditDeps } from './deps.js';

/** The log's newest signed checkpoint; a log with no events yet has the empty tree's. */
export async function getCheckpoint(deps: AuditDeps, logId: string): Promise<AuditCheckpoint> {
  const log = await findLog(deps.db, logId);
  const verifier_key = await deps.key.verifierKey();
  if (log?.checkpoint)
    return {
      checkpoint: log.checkpoint,
      tree_size: log.size,
      root_hash: log.root_hash,
      verifier_key,
    };
  const root = rootOf(0, new Map());
  const body = checkpointBody({ origin: await deps.key.originOf(logId), size: 0, root });
  return {
    checkpoint: await deps.key.sign(body),
    tree_size: 0,
    root_hash: Buffer.from(root).toString('base64'),
    verifier_key,
  };
}
