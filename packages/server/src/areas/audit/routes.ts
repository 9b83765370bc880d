import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * credentials, under `/api/v1` with the FIDO API key and under `/api/admin` with a console
 * session (`auth`), the same log either way.
 */
export function auditRoutes(
  app: FastifyInstance,
  deps: AuditDeps,
  {
    prefix,
    auth,
    customer = customerOf,
  }: {
    prefix: '/api/v1' | '/api/v2' | '/api/admin';
    auth: Step;
    /** Whose log: the caller's customer, or a console account's (app.ts). */
    customer?: (request: FastifyRequest) => string;
  },
): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const read = { preValidation: [auth, limitPerCredential] };

  r.get(`${prefix}/audit_events`, { ...read, schema: route.listEvents }, (request) =>
    listEvents(deps, customer(request), { ...request.query, limit: request.query.limit ?? 100 }),
  );
  r.get(
    `${prefix}/audit_events/:id/inclusion_proof`,
    { ...read, schema: route.inclusion },
    (request) =>
      proveInclusion(deps, customer(request), request.params.id, request.query.tree_size),
  );
  r.get(`${prefix}/audit_checkpoint`, { ...read, schema: route.checkpoint }, (request) =>
    getCheckpoint(deps, customer(request)),
  );
  r.get(`${prefix}/audit_consistency_proof`, { ...read, schema: route.consistency }, (request) =>
    proveConsistency(deps, customer(request), request.query.first, request.query.second),
  );
}
