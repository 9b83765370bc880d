import { Type } from '@sinclair/typebox';

/** The audit trail (docs/audit.md): how often checkpoints are signed, how long events are kept. */
export const auditKeys = {
  auditCheckpointSeconds: {
    env: 'SVC_AUDIT_CHECKPOINT_SECONDS',
    doc: 'seconds between passes that append new audit events to their logs and sign a checkpoint of each log that grew (events are listed once appended)',
    schema: Type.Integer({ minimum: 1, maximum: 3_600, default: 2 }),
  },
  auditRetentionDays: {
    env: 'SVC_AUDIT_RETENTION_DAYS',
    doc: "days an audit event is kept; older events are deleted, their hashes stay in the log's tree (0: kept forever)",
    schema: Type.Integer({ minimum: 0, maximum: 36_500, default: 400 }),
  },
};
