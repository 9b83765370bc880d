export { auditEntry } from './entry.js';
export { emptyRoot, leafHash, nodeHash, verifyConsistency, verifyInclusion } from './merkle.js';
export {
  checkpointBody,
  checkpointKeyId,
  openCheckpoint,
  signedCheckpoint,
  verifierKey,
  type Checkpoint,
} from './checkpoint.js';
