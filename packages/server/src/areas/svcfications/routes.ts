import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../core/audit/trail.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceKinds, deviceSignature, hmac, sdkDeviceSignature } from '../../core/http/auth.js';
import { optionalBody } from '../../core/http/body.js';
import { allowAnyOrigin, preflights } from '../../core/http/cors.js';
import { customerOf, signerOf } from '../../core/http/caller.js';
import { holdsLongPoll } from '../../core/http/long-polls.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { deviceWrite } from '../../core/http/device-write.js';
import { invalidAs } from '../../core/http/validation.js';
import { cancelSvcfication } from './cancel-svcfication.js';
import { createSvcfication } from './create-svcfication.js';
import type { SvcficationsDeps } from './deps.js';
import { getSvcfication } from './get-svcfication.js';
import { createVerification, getVerification } from './legacy-verifications.js';
import { listSvcfications } from './list-svcfications.js';
import { nextSvcfication } from './next-svcfication.js';
import { rejectSvcfication } from './reject-svcfication.js';
import { respondToSvcfication } from './respond-to-svcfication.js';
import { route } from './schemas.js';

// The RP server (server credentials); a write's answer is kept for its retries.
const serverRead = { preValidation: [hmac('server'), limitPerCredential] };
// Creation answers the spec's 422 `{message, errors}` for bad input.
const creating = {
  preValidation: [hmac('server'), limitPerCredential, claimReplay()],
  schemaErrorFormatter: invalidAs('SVCFICATION_INVALID'),
};
// A device (SDK credentials, or that device's own) with the X-Device-Sig of one of the
// customer's devices; as every device route, readable from any origin (core/http/cors.ts).
const deviceRead = {
  preValidation: [hmac(...deviceKinds), limitPerCredential, deviceSignature],
  onSend: [allowAnyOrigin],
};
// The RP, or a device (its credentials) only with the X-Device-Sig of an addressed device.
const rpOrDeviceRead = {
  preValidation: [hmac(...deviceKinds, 'server'), limitPerCredential, sdkDeviceSignature],
  onSend: [allowAnyOrigin],
};
const rpOrDeviceWrite = {
  preValidation: [
    hmac(...deviceKinds, 'server'),
    limitPerCredential,
    claimReplay(sdkDeviceSignature),
    sdkDeviceSignature,
  ],
  onSend: [allowAnyOrigin],
};
// The legacy v1 API (user credentials).
const legacyRead = { preValidation: [hmac('user'), limitPerCredential] };
const legacyCreating = {
  preValidation: [hmac('user'), limitPerCredential, claimReplay()],
  schemaErrorFormatter: invalidAs('SVCFICATION_INVALID'),
};

/** The signing device of a device caller; none for the RP (server credentials). */
const deviceOf = (request: FastifyRequest) =>
  request.caller?.kind === 'server' ? null : signerOf(request);

/** Svcfications (Area B): requests, answers, long polls, and the legacy v1 verifications. */
export function svcficationsRoutes(app: FastifyInstance, deps: SvcficationsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, [
    '/api/v2/svcfications/next',
    '/api/v2/svcfications/:id',
    '/api/v2/svcfication_responses',
    '/api/v2/svcfication_responses/:id',
  ]);
  r.post('/api/v2/svcfications', { ...creating, schema: route.create }, async (request, reply) =>
    reply
      .code(201)
      .send(await createSvcfication(audited(deps, request), customerOf(request), request.body)),
  );
  r.get('/api/v2/svcfications', { ...serverRead, schema: route.list }, async (request) =>
    listSvcfications(deps, customerOf(request), request.query),
  );
  r.get(
    '/api/v2/svcfications/next',
    { ...deviceRead, preHandler: [holdsLongPoll], schema: route.next },
    async (request, reply) => {
      const customer = customerOf(request);
      const { wait } = request.query;
      const next = await nextSvcfication(deps, customer, signerOf(request), wait, request.signal);
      return next ?? reply.code(204).send();
    },
  );
  r.get(
    '/api/v2/svcfications/:id',
    { ...rpOrDeviceRead, preHandler: [holdsLongPoll], schema: route.get },
    async (request) =>
      getSvcfication(deps, customerOf(request), request.params.id, {
        waitSeconds: request.query.wait,
        device: deviceOf(request),
        signal: request.signal,
      }),
  );
  r.delete(
    '/api/v2/svcfications/:id',
    { ...rpOrDeviceWrite, schema: route.cancel },
    async (request, reply) => {
      const customer = customerOf(request);
      const canceled = await cancelSvcfication(
        audited(deps, request),
        customer,
        request.params.id,
        deviceOf(request),
      );
      return reply.code(204).send(canceled);
    },
  );
  r.post(
    '/api/v2/svcfication_responses',
    { ...deviceWrite, schema: route.respond },
    async (request, reply) => {
      const { payloads } = request.body;
      const customer = customerOf(request);
      const answer = await respondToSvcfication(
        audited(deps, request),
        customer,
        signerOf(request),
        payloads,
      );
      return reply.code(201).send(answer);
    },
  );
  r.delete(
    '/api/v2/svcfication_responses/:id',
    // The reason is optional, so a request may come without any body.
    {
      ...deviceWrite,
      preValidation: [optionalBody, ...deviceWrite.preValidation],
      schema: route.reject,
    },
    async (request, reply) => {
      const { id } = request.params;
      const customer = customerOf(request);
      const signer = signerOf(request);
      return reply
        .code(204)
        .send(
          await rejectSvcfication(
            audited(deps, request),
            customer,
            signer,
            id,
            request.body.reason,
          ),
        );
    },
  );

  r.post(
    '/api/v1/verifications',
    { ...legacyCreating, schema: route.createVerification },
    async (request, reply) => {
      const id = await createVerification(
        audited(deps, request),
        customerOf(request),
        request.body,
      );
      return reply.code(201).header('location', `/api/v1/verifications/${id}`).send();
    },
  );
  r.get(
    '/api/v1/verifications/:id',
    { ...legacyRead, schema: route.getVerification },
    async (request) => getVerification(deps, customerOf(request), request.params.id),
  );
}
