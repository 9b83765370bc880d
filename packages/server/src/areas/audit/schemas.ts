import { Type } from '@sinclair/typebox';
import {
  AuditCheckpoint,
  AuditEventList,
  AuditOutcome,
  ConsistencyProof,
  InclusionProof,
} from '@svc/wire';
import { errorResponses as errors, op } from '../../core/http/schemas.js';

const size = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 2_147_483_647, description });

export const EventsQuery = Type.Object({
  after: Type.Optional(
    Type.String({ pattern: '^(0|[1-9][0-9]{0,9})$', description: "a page's `next_cursor`" }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  outcome: Type.Optional(AuditOutcome),
  actor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'an actor kind, credential, device or user',
    }),
  ),
  target: Type.Optional(
    Type.String({ minLength: 1, maxLength: 256, description: 'an id among the targets' }),
  ),
  since: Type.Optional(Type.String({ format: 'date-time' })),
  until: Type.Optional(Type.String({ format: 'date-time' })),
});

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  listEvents: {
    ...op('listAuditEvents', 'Audit', "The customer's audit events, oldest first"),
    querystring: EventsQuery,
    response: { 200: AuditEventList, ...errors },
  },
  checkpoint: {
    ...op('getAuditCheckpoint', 'Audit', "The log's newest signed checkpoint"),
    response: { 200: AuditCheckpoint, ...errors },
  },
  inclusion: {
    ...op('getAuditInclusionProof', 'Audit', "An event's inclusion proof"),
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
    querystring: Type.Object({
      tree_size: Type.Optional(size('the checkpoint to prove against (default: the newest)')),
    }),
    response: { 200: InclusionProof, ...errors },
  },
  consistency: {
    ...op('getAuditConsistencyProof', 'Audit', 'A consistency proof between two tree sizes'),
    querystring: Type.Object({
      first: size('the tree size of the checkpoint kept'),
      second: size('the tree size of a newer checkpoint'),
    }),
    response: { 200: ConsistencyProof, ...errors },
  },
};
