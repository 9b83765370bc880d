import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { audited } from '../../../core/audit/trail.js';
import { limitPerCredential } from '../../../core/http/rate-limit.js';
import type { ConsoleDeps } from '../deps.js';
import { consoleSession, customerOfConsole } from '../session-step.js';
import { customerDeliveries, replayDelivery } from './deliveries.js';
import { route } from './schemas.js';
import { listDocuments, listSvcfications, listUsers } from './views.js';

// A customer's admin or viewer reads; its admin changes.
const reader = { preValidation: [consoleSession('admin', 'viewer'), limitPerCredential] };
const admin = { preValidation: [consoleSession('admin'), limitPerCredential] };

/**
 * A customer's pages of the admin API: its users and their devices and bindings, enrollments,
 * passkeys, identity documents, FIDO settings, svcfications and deliveries, always of the session's own customer (another's ids are 404).
 */
export function customerRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/admin/users', { ...reader, schema: route.users }, async (request) =>
    listUsers(deps, customerOfConsole(request), {
      ...request.query,
      limit: request.query.limit ?? 25,
    }),
  );
  r.post(
    '/api/admin/devices/:id/deactivate',
    { ...admin, schema: route.deactivateDevice },
    async (request, reply) => {
      await deps.actions.setDeviceActive(
        deps.audit.of(request),
        customerOfConsole(request),
        request.params.id,
        false,
      );
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/admin/bindings/:id/deactivate',
    { ...admin, schema: route.deactivateBinding },
    async (request, reply) => {
      await deps.actions.setBindingActive(
        deps.audit.of(request),
        customerOfConsole(request),
        request.params.id,
        false,
      );
      return reply.code(204).send();
    },
  );
  r.post('/api/admin/enrollments', { ...admin, schema: route.enroll }, async (request, reply) =>
    reply
      .code(201)
      .send(
        await deps.actions.createEnrollment(
          deps.audit.of(request),
          customerOfConsole(request),
          request.body.user_identifier,
        ),
      ),
  );
  r.get('/api/admin/svcfications', { ...reader, schema: route.svcfications }, async (request) =>
    listSvcfications(deps, customerOfConsole(request), {
      ...request.query,
      limit: request.query.limit ?? 25,
    }),
  );
  r.get('/api/admin/deliveries', { ...reader, schema: route.deliveries }, async (request) =>
    customerDeliveries(deps, customerOfConsole(request), {
      ...request.query,
      limit: request.query.limit ?? 25,
    }),
  );
  r.post(
    '/api/admin/deliveries/:id/replay',
    { ...admin, schema: route.replay },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await replayDelivery(
            audited(deps, request),
            customerOfConsole(request),
            request.params.id,
          ),
        ),
  );
  r.get('/api/admin/passkeys', { ...reader, schema: route.passkeys }, async (request) =>
    deps.actions.passkeyUsers(customerOfConsole(request), {
      ...request.query,
      limit: request.query.limit ?? 25,
    }),
  );
  r.patch(
    '/api/admin/passkeys/:user/:credential',
    { ...admin, schema: route.renamePasskey },
    async (request) =>
      deps.actions.renamePasskey(
        deps.audit.of(request),
        customerOfConsole(request),
        request.params.user,
        request.params.credential,
        request.body.name,
      ),
  );
  r.delete(
    '/api/admin/passkeys/:user/:credential',
    { ...admin, schema: route.deletePasskey },
    async (request, reply) => {
      const { user, credential } = request.params;
      await deps.actions.deletePasskey(
        deps.audit.of(request),
        customerOfConsole(request),
        user,
        credential,
      );
      return reply.code(204).send();
    },
  );
  r.get('/api/admin/documents', { ...reader, schema: route.documents }, async (request) =>
    listDocuments(deps, customerOfConsole(request), {
      ...request.query,
      limit: request.query.limit ?? 25,
    }),
  );
  r.get('/api/admin/fido', { ...reader, schema: route.fido }, async (request) =>
    deps.actions.fidoSettings(customerOfConsole(request)),
  );
}
