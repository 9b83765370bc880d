import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxVerificationRequest } from '@svc/wire';
import { route } from './schemas.js';
import type { SandboxDeps } from './deps.js';
import { verificationJson } from './verify.js';

type Verify = FastifyRequest<{ Body: SandboxVerificationRequest }>;

/** Area A route table. */
export function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  // Fastify's own types, not TypeBox's: the answer is JSON text already (verificationJson), and
  // Fastify sends it as it is.
  const r = app;

  r.post(
    '/api/v2/verifications',
    { config: { auth: ['sandbox'] }, schema: route.verify },
    async (q: Verify, reply) => {
      void reply.type('application/json; charset=utf-8');
      return verificationJson(deps, q.body.aamva);
    },
  );
}
