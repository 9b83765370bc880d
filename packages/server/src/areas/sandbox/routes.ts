import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody, ErrorWithFieldsBody } from '../../core/http/schemas.js';
import { VerificationRequest, VerificationResponse } from './schemas.js';
import type { SandboxDeps } from './deps.js';
import { verifyLicense } from './verify.js';

/** Area A route table. */
export function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v2/verifications',
    {
      config: { auth: ['sandbox'] },
      schema: {
        summary: "Verify driver's-license data",
        body: VerificationRequest,
        response: { 200: VerificationResponse, 401: ErrorBody, 422: ErrorWithFieldsBody },
      },
    },
    async (request) => verifyLicense(deps, request.body.aamva),
  );
}
