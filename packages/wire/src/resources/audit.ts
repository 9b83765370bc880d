import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { literalUnion } from './literal-union.js';

/** The audit trail: each customer's events, leaves of its RFC 6962 tree (docs/audit.md). */
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const hash = Type.String({ description: 'base64 SHA-256', maxLength: 44 });

export const AuditOutcome = literalUnion(['success', 'failure']);
export type AuditOutcome = Static<typeof AuditOutcome>;

export const AuditActorKind = literalUnion([
  'server',
  'sdk',
  'device',
  'fido',
  'sandbox',
  'user',
  'operator',
  'console',
  'system',
  'anonymous',
]);
export type AuditActorKind = Static<typeof AuditActorKind>;

const exampleEvent = {
  id: 'evt_3Qm9kT2xVb7nLr1c',
  index: 41,
  time: '2025-06-02T10:15:00.000Z',
  customer_id: 'cus_8f2k1m',
  action: 'svcfication.answered',
  outcome: 'success',
  actor: { kind: 'device', credential: '4be1c0a9d3f27e6b', device: 'd-1', user: null },
  source: { address: '203.0.113.7', user_agent: 'svc-authenticator/1' },
  request_id: 'req-2c',
  targets: { svcfication: '2b0c6a0e-7f1d-4a61-9c3e-5a4b3c2d1e0f', user: 'alice' },
  details: { level: 2 },
} as const;

export const AuditEvent = withExample(
  Type.Object({
    id: Type.String(),
    index: Type.Integer({ minimum: 0, description: "the event's leaf index in its log" }),
    time: Type.String({ format: 'date-time' }),
    customer_id: nullable(Type.String()),
    action: Type.String({ description: 'e.g. `svcfication.answered` (docs/audit.md)' }),
    outcome: AuditOutcome,
    actor: Type.Object({
      kind: AuditActorKind,
      credential: nullable(Type.String({ description: "a fingerprint of the credential's token" })),
      device: nullable(Type.String()),
      user: nullable(Type.String()),
    }),
    source: Type.Object({
      address: nullable(Type.String()),
      user_agent: nullable(Type.String()),
    }),
    request_id: nullable(Type.String()),
    targets: Type.Record(Type.String(), Type.String()),
    details: Type.Record(
      Type.String(),
      Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]),
    ),
  }),
  exampleEvent,
);
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = withExample(
  Type.Object({
    audit_events: Type.Array(AuditEvent),
    next_cursor: nullable(Type.String({ description: 'pass as `after` for the next page' })),
  }),
  { audit_events: [exampleEvent], next_cursor: '41' },
);
export type AuditEventList = Static<typeof AuditEventList>;

export const AuditCheckpoint = withExample(
  Type.Object({
    checkpoint: Type.String({ description: 'C2SP tlog-checkpoint, an Ed25519 signed note' }),
    tree_size: Type.Integer({ minimum: 0 }),
    root_hash: hash,
    verifier_key: Type.String({ description: 'C2SP signed-note verifier key' }),
  }),
  {
    checkpoint:
      'svc.example.com/audit/cus_8f2k1m\n42\nlxTZ1AEfFP7ZNq+x1nWNrpOsWOAQ2yWehVSsuzSXECw=\n\n\u2014 svc.example.com/audit Ab3d...\n',
    tree_size: 42,
    root_hash: 'lxTZ1AEfFP7ZNq+x1nWNrpOsWOAQ2yWehVSsuzSXECw=',
    verifier_key: 'svc.example.com/audit+1a2b3c4d+AXsF...',
  },
);
export type AuditCheckpoint = Static<typeof AuditCheckpoint>;

const exampleHash = 'lxTZ1AEfFP7ZNq+x1nWNrpOsWOAQ2yWehVSsuzSXECw=';

export const InclusionProof = withExample(
  Type.Object({
    leaf_index: Type.Integer({ minimum: 0 }),
    tree_size: Type.Integer({ minimum: 1 }),
    hashes: Type.Array(hash),
  }),
  { leaf_index: 41, tree_size: 42, hashes: [exampleHash] },
);
export type InclusionProof = Static<typeof InclusionProof>;

export const ConsistencyProof = withExample(
  Type.Object({
    first: Type.Integer({ minimum: 0 }),
    second: Type.Integer({ minimum: 0 }),
    hashes: Type.Array(hash),
  }),
  { first: 40, second: 42, hashes: [exampleHash, exampleHash] },
);
export type ConsistencyProof = Static<typeof ConsistencyProof>;
