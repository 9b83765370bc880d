import type { FastifyInstance } from 'fastify';
import type { SandboxVerificationRequest } from '@svc/wire';
import { route } from './schemas.js';
import type { SandboxDeps } from './deps.js';
import { verificationJson } from './verify.js';

/** Area A route table. */
export function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  // The answer is JSON text already (verificationJson): Fastify sends it as it is.
  app.post<{ Body: SandboxVerificationRequest; Reply: string }>(
    '/api/v2/verifications',
    { config: { auth: ['sandbox'] }, schema: route.verify },
    async (q, reply) => {
      void reply.type('application/json; charset=utf-8');
      return verificationJson(deps, q.body.aamva);
    },
  );
}
