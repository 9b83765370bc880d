import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerOf as c, signerOf } from '../../core/http/caller.js';
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

const server = { auth: ['server'] } as const;
const creating = { ...server, invalid: 'SVCFICATION_INVALID' } as const;
const device = { auth: ['sdk'], deviceSig: true } as const;
// Devices (SDK credentials) read and cancel only with the X-Device-Sig of an addressed device.
const rpOrDevice = { auth: ['sdk', 'server'], deviceSig: 'sdk' } as const;
const legacy = { auth: ['user'] } as const;
/** The signing device of an SDK caller; none for the RP (server credentials). */
const deviceOf = (q: FastifyRequest) => (q.caller?.kind === 'sdk' ? signerOf(q) : null);

/** Svcfications (Area B): requests, answers, long polls, and the legacy v1 verifications. */
export function svcficationsRoutes(app: FastifyInstance, deps: SvcficationsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/api/v2/svcfications', { config: creating, schema: route.create }, async (q, re) =>
    re.code(201).send(await createSvcfication(deps, c(q), q.body)),
  );
  r.get('/api/v2/svcfications', { config: server, schema: route.list }, async (q) =>
    listSvcfications(deps, c(q), q.query),
  );
  r.get('/api/v2/svcfications/next', { config: device, schema: route.next }, async (q, re) => {
    const next = await nextSvcfication(deps, c(q), signerOf(q), q.query.wait);
    return next ?? re.code(204).send();
  });
  r.get('/api/v2/svcfications/:id', { config: rpOrDevice, schema: route.get }, async (q) =>
    getSvcfication(deps, c(q), q.params.id, {
      waitSeconds: q.query.wait,
      device: deviceOf(q),
    }),
  );
  r.delete(
    '/api/v2/svcfications/:id',
    { config: rpOrDevice, schema: route.cancel },
    async (q, re) =>
      re.code(204).send(await cancelSvcfication(deps, c(q), q.params.id, deviceOf(q))),
  );
  r.post(
    '/api/v2/svcfication_responses',
    { config: device, schema: route.respond },
    async (q, re) =>
      re.code(201).send(await respondToSvcfication(deps, c(q), signerOf(q), q.body.payloads)),
  );
  r.delete(
    '/api/v2/svcfication_responses/:id',
    { config: { ...device, optionalBody: true }, schema: route.reject },
    async (q, re) =>
      re
        .code(204)
        .send(await rejectSvcfication(deps, c(q), signerOf(q), q.params.id, q.body.reason)),
  );

  r.post(
    '/api/v1/verifications',
    { config: { ...legacy, invalid: 'SVCFICATION_INVALID' }, schema: route.createVerification },
    async (q, re) => {
      const id = await createVerification(deps, c(q), q.body);
      return re.code(201).header('location', `/api/v1/verifications/${id}`).send();
    },
  );
  r.get('/api/v1/verifications/:id', { config: legacy, schema: route.getVerification }, async (q) =>
    getVerification(deps, c(q), q.params.id),
  );
}
