import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../../core/audit/trail.js';
import type { FastifyInstance } from 'fastify';
import { hmac, signedByKeyOf } from '../../../core/http/auth.js';
import { customerOf } from '../../../core/http/caller.js';
import { allowAnyOrigin, preflights } from '../../../core/http/cors.js';
import { holdsLongPoll } from '../../../core/http/long-polls.js';
import { countWrongCode, limitPerCredential } from '../../../core/http/rate-limit.js';
import { claimReplay } from '../../../core/http/replay.js';
import { keyBeingRegistered } from '../device-keys.js';
import { createEnrollment } from './create-enrollment.js';
import type { EnrollmentsDeps } from './deps.js';
import { getEnrollment } from './get-enrollment.js';
import { redeemEnrollment } from './redeem-enrollment.js';
import { route, type RedeemEnrollmentBody } from './schemas.js';

// The RP server (server credentials); a write's answer is kept for its retries.
const read = { preValidation: [hmac('server'), limitPerCredential], preHandler: [holdsLongPoll] };
const write = { preValidation: [hmac('server'), limitPerCredential, claimReplay()] };
// The phone: no Authorization, the code is the credential (a guessed one, 404, counts as a failed
// authentication); X-Device-Sig made with the key being registered proves possession. Readable
// from any origin, as every device route (core/http/cors.ts).
const redeeming = {
  preHandler: [
    signedByKeyOf(async (request) => keyBeingRegistered(request.body as RedeemEnrollmentBody)),
  ],
  onSend: [countWrongCode, allowAnyOrigin],
};

/** Enrollments (Area B): a link that puts a phone on an RP user in one step. */
export function enrollmentRoutes(app: FastifyInstance, deps: EnrollmentsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, ['/api/v2/enrollments/redeem']);
  r.post('/api/v2/enrollments', { ...write, schema: route.create }, async (request, reply) =>
    reply
      .code(201)
      .send(await createEnrollment(audited(deps, request), customerOf(request), request.body)),
  );
  r.get('/api/v2/enrollments/:id', { ...read, schema: route.get }, async (request) =>
    getEnrollment(deps, customerOf(request), request.params.id, request.query.wait, request.signal),
  );
  r.post(
    '/api/v2/enrollments/redeem',
    { ...redeeming, schema: route.redeem },
    async (request, reply) =>
      reply.code(201).send(await redeemEnrollment(audited(deps, request), request.body)),
  );
}
