import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Step } from '../../core/http/auth.js';
import { customerOf } from '../../core/http/caller.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import type { AuditDeps } from './deps.js';
import { getCheckpoint } from './get-checkpoint.js';
import { listEvents } from './list-events.js';
import { proveConsistency, proveInclusion } from './prove.js';
import { route } from './schemas.js';

/**
 * The audit trail of the calling customer (docs/audit.md): under `/api/v2` with server
 * credentials, and under `/api/v1` with the FIDO API key (`auth`), the same log either way.
 */
export function auditRoutes(
  app: FastifyInstance,
  deps: AuditDeps,
  { prefix, auth }: { prefix: '/api/v1' | '/api/v2'; auth: Step },
): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const read = { preValidation: [auth, limitPerCredential] };

  r.get(`${prefix}/audit_events`, { ...read, schema: route.listEvents }, (request) =>
    listEvents(deps, customerOf(request), { ...request.query, limit: request.query.limit ?? 100 }),
  );
  r.get(
    `${prefix}/audit_events/:id/inclusion_proof`,
    { ...read, schema: route.inclusion },
    (request) =>
      proveInclusion(deps, customerOf(request), request.params.id, request.query.tree_size),
  );
  r.get(`${prefix}/audit_checkpoint`, { ...read, schema: route.checkpoint }, (request) =>
    getCheckpoint(deps, customerOf(request)),
  );
  r.get(`${prefix}/audit_consistency_proof`, { ...read, schema: route.consistency }, (request) =>
    proveConsistency(deps, customerOf(request), request.query.first, request.query.second),
  );
}
