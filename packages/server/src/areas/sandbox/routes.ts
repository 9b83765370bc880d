import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { route } from './schemas.js';
import type { SandboxDeps } from './deps.js';
import { verifyLicense } from './verify.js';

/** Area A route table. */
export function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/api/v2/verifications', { config: { auth: ['sandbox'] }, schema: route.verify }, (q) =>
    verifyLicense(deps, q.body.aamva),
  );
}
