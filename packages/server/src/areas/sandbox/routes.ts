import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../core/http/auth.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { route } from './schemas.js';
import type { SandboxDeps } from './deps.js';
import { verify } from './verify.js';

/** Area A route table: the sandbox token (Bearer); a retry with an Idempotency-Key is replayed. */
export function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/api/v2/verifications',
    {
      preValidation: [bearer('sandbox'), limitPerCredential, claimReplay()],
      schema: route.verify,
    },
    async (request) => verify(deps, request.body.aamva),
  );
}
