import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { customerOf as c, signerOf } from '../../core/http/caller.js';
import { preflight } from '../../core/http/cors.js';
import { bindScanningUser } from './bind-scanning-user.js';
import { createSvccode } from './create-svccode.js';
import { demoPage, demoQr } from './demo-page.js';
import type { SvccodesDeps } from './deps.js';
import { pairingDeviceKey, pairSvccode } from './pair-svccode.js';
import { route, type PairSvccodeBody } from './schemas.js';
import { svccodeStatus } from './svccode-status.js';
import { takePairedSvccode } from './take-paired-svccode.js';

const fields = { invalid: 'MISSING_FIELDS' } as const;
// Browser widgets call these from the RP's pages, without credentials (CORS: core/http/cors.ts).
const browser = { ...fields, cors: true } as const;
const server = { auth: ['server'] } as const;

/** Svccodes (Area B): scannable codes, pairing, binding the scanning user, the demo page. */
export function svccodesRoutes(app: FastifyInstance, deps: SvccodesDeps): void {
  // No Authorization (spec): the device named in the body signs the request instead.
  const pairing = {
    ...fields,
    deviceSig: {
      keyOf: async (q) => pairingDeviceKey(deps, (q.body as PairSvccodeBody).identifier),
    },
  } as const satisfies import('fastify').FastifyContextConfig;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.options('/api/v2/svccodes', { config: browser, schema: route.preflight }, preflight);
  r.options('/api/v2/svccodes/:id', { config: browser, schema: route.preflight }, preflight);
  r.post('/api/v2/svccodes', { config: browser, schema: route.create }, async (q, re) =>
    re.code(201).send(await createSvccode(deps, q.body.relying_party_id)),
  );
  r.get('/api/v2/svccodes/:id', { config: browser, schema: route.status }, async (q) =>
    svccodeStatus(deps, q.params.id, q.query.wait),
  );
  r.post('/api/v2/paired_svccodes', { config: pairing, schema: route.pair }, async (q, re) =>
    re.code(201).send(await pairSvccode(deps, signerOf(q), q.body.payload)),
  );
  // Answered once: a HEAD would use the answer up unseen, so there is none.
  r.get(
    '/api/v2/paired_svccodes/:id',
    { config: server, schema: route.takePaired, exposeHeadRoute: false },
    async (q) => takePairedSvccode(deps, c(q), q.params.id),
  );
  r.post(
    '/api/v2/user_bindings',
    { config: { ...server, invalid: 'VALIDATION_FAILED' }, schema: route.bindUser },
    async (q, re) => re.code(201).send(await bindScanningUser(deps, c(q), q.body)),
  );
  r.get('/demo/svccode', { schema: route.demoPage }, async (_q, re) => {
    const page = await demoPage(deps);
    return re.headers(page.headers).send(page.html);
  });
  r.get('/demo/svccode/qr', { config: fields, schema: route.demoQr }, async (q) =>
    demoQr(deps, q.query.payload),
  );
}
