import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../core/audit/trail.js';
import type { FastifyInstance } from 'fastify';
import { hmac, signedByKeyOf } from '../../core/http/auth.js';
import { holdsLongPoll } from '../../core/http/long-polls.js';
import { customerOf, signerOf } from '../../core/http/caller.js';
import { allowAnyOrigin, preflights } from '../../core/http/cors.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { invalidAs } from '../../core/http/validation.js';
import { bindScanningUser } from './bind-scanning-user.js';
import { createSvccode } from './create-svccode.js';
import { demoPage, demoQr } from './demo-page.js';
import type { SvccodesDeps } from './deps.js';
import { pairingDeviceKey, pairSvccode } from './pair-svccode.js';
import { route, type PairSvccodeBody } from './schemas.js';
import { svccodeStatus } from './svccode-status.js';
import { takePairedSvccode } from './take-paired-svccode.js';

const invalid = invalidAs('MISSING_FIELDS');
// Browser widgets call these from the RP's pages, without credentials (CORS: core/http/cors.ts).
const browser = { onSend: [allowAnyOrigin], schemaErrorFormatter: invalid };
// The RP server (server credentials); a write's answer is kept for its retries.
const serverRead = { preValidation: [hmac('server'), limitPerCredential] };
const serverWrite = { preValidation: [hmac('server'), limitPerCredential, claimReplay()] };

/** Svccodes (Area B): scannable codes, pairing, binding the scanning user, the demo page. */
export function svccodesRoutes(app: FastifyInstance, deps: SvccodesDeps): void {
  // No Authorization (spec): the device named in the body signs the request instead.
  const pairing = {
    preHandler: [
      signedByKeyOf(async (request) =>
        pairingDeviceKey(deps, (request.body as PairSvccodeBody).identifier),
      ),
    ],
    schemaErrorFormatter: invalid,
  };
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, ['/api/v2/svccodes', '/api/v2/svccodes/:id']);
  r.post('/api/v2/svccodes', { ...browser, schema: route.create }, async (request, reply) =>
    reply.code(201).send(await createSvccode(deps, request.body.relying_party_id)),
  );
  r.get(
    '/api/v2/svccodes/:id',
    { ...browser, preHandler: [holdsLongPoll], schema: route.status },
    async (request) => svccodeStatus(deps, request.params.id, request.query.wait, request.signal),
  );
  r.post('/api/v2/paired_svccodes', { ...pairing, schema: route.pair }, async (request, reply) =>
    reply.code(201).send(await pairSvccode(deps, signerOf(request), request.body.payload)),
  );
  // Answered once: a HEAD would use the answer up unseen, so there is none.
  r.get(
    '/api/v2/paired_svccodes/:id',
    { ...serverRead, schema: route.takePaired, exposeHeadRoute: false },
    async (request) => takePairedSvccode(deps, customerOf(request), request.params.id),
  );
  r.post(
    '/api/v2/user_bindings',
    { ...serverWrite, schema: route.bindUser },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bindScanningUser(audited(deps, request), customerOf(request), request.body)),
  );
  r.get('/demo/svccode', { schema: route.demoPage }, async (_request, reply) => {
    const page = await demoPage(deps);
    return reply.headers(page.headers).send(page.html);
  });
  r.get(
    '/demo/svccode/qr',
    { schemaErrorFormatter: invalid, schema: route.demoQr },
    async (request) => demoQr(deps, request.query.payload),
  );
}
