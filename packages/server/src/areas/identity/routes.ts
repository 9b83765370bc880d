import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../core/audit/trail.js';
import type { FastifyInstance } from 'fastify';
import { hmac, signedByKeyOf } from '../../core/http/auth.js';
import { customerOf, signerOf } from '../../core/http/caller.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { preflights } from '../../core/http/cors.js';
import { deviceWrite } from '../../core/http/device-write.js';
import { invalidAs } from '../../core/http/validation.js';
import { bindDevice } from './bind-device.js';
import { createUserIdentifier } from './create-user-identifier.js';
import { deactivateUser } from './deactivate-user.js';
import type { IdentityDeps } from './deps.js';
import { keyBeingRegistered } from './device-keys.js';
import { getDevice } from './get-device.js';
import { getUserIdentifier } from './get-user-identifier.js';
import { documentsOfIdentifier, getDocument } from './list-documents.js';
import { registerDevice } from './register-device.js';
import { registerDocumentForIdentifier, registerOwnDocument } from './register-document.js';
import { route, type DeviceBody } from './schemas.js';
import { setBindingActive } from './set-binding-active.js';
import { setDeviceActive } from './set-device-active.js';

// The RP server's calls (server credentials); a write's answer is kept for its retries.
const read = { preValidation: [hmac('server'), limitPerCredential] };
const write = { preValidation: [hmac('server'), limitPerCredential, claimReplay()] };
// Endpoints whose spec lists 400 (not 422) for bad input: the PATCHes and the document list.
const invalidIs400 = invalidAs('MISSING_FIELDS');
// Registration proves possession: X-Device-Sig made with the key being registered (checked on
// the validated body).
const possession = signedByKeyOf(async (request) => keyBeingRegistered(request.body as DeviceBody));
const registration = {
  preValidation: [hmac('sdk', 'server'), limitPerCredential, claimReplay(possession)],
  preHandler: [possession],
};

/** Identity (Area B): devices, device-user bindings, user identifiers, users, documents, /jwks. */
export function identityRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, ['/api/v2/identity_documents']);
  r.get('/jwks', { schema: route.jwks }, async () => deps.keys.jwks());

  r.post(
    '/api/v2/devices',
    { ...registration, schema: route.registerDevice },
    async (request, reply) => {
      const { created, device } = await registerDevice(
        audited(deps, request),
        customerOf(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(device);
    },
  );
  r.get('/api/v2/devices/:identifier', { ...read, schema: route.getDevice }, async (request) =>
    getDevice(deps, customerOf(request), request.params.identifier),
  );
  r.patch(
    '/api/v2/devices/:identifier',
    { ...write, schemaErrorFormatter: invalidIs400, schema: route.setDeviceActive },
    (request) =>
      setDeviceActive(
        audited(deps, request),
        customerOf(request),
        request.params.identifier,
        request.body.active,
      ),
  );

  r.post('/api/v2/user_devices', { ...write, schema: route.bindDevice }, async (request, reply) =>
    reply
      .code(201)
      .send(await bindDevice(audited(deps, request), customerOf(request), request.body)),
  );
  r.patch(
    '/api/v2/user_devices/:id',
    { ...write, schemaErrorFormatter: invalidIs400, schema: route.setBindingActive },
    (request) =>
      setBindingActive(
        audited(deps, request),
        customerOf(request),
        request.params.id,
        request.body.active,
      ),
  );

  r.post(
    '/api/v2/user_identifiers',
    { ...write, schema: route.createUserIdentifier },
    async (request, reply) =>
      reply
        .code(204)
        .send(
          await createUserIdentifier(audited(deps, request), customerOf(request), request.body),
        ),
  );
  r.get(
    '/api/v2/user_identifiers/:identifier',
    { ...read, schema: route.getUserIdentifier },
    (request) => getUserIdentifier(deps, customerOf(request), request.params.identifier),
  );
  r.delete(
    '/api/v2/users/:userIdentifier',
    { ...write, schema: route.deactivateUser },
    async (request, reply) =>
      reply
        .code(204)
        .send(
          await deactivateUser(
            audited(deps, request),
            customerOf(request),
            request.params.userIdentifier,
          ),
        ),
  );

  r.post(
    '/api/v2/identity_documents',
    { ...deviceWrite, schema: route.registerOwnDocument },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registerOwnDocument(
            audited(deps, request),
            customerOf(request),
            signerOf(request),
            request.body,
          ),
        ),
  );
  r.get(
    '/api/v2/identity_documents',
    { ...read, schemaErrorFormatter: invalidIs400, schema: route.listDocuments },
    (request) => documentsOfIdentifier(deps, customerOf(request), request.query.user_identifier),
  );
  r.get('/api/v2/identity_documents/:id', { ...read, schema: route.getDocument }, (request) =>
    getDocument(deps, customerOf(request), request.params.id),
  );
  r.post(
    '/api/v2/users/:userIdentifier/identity_document',
    { ...write, schema: route.registerDocumentFor },
    async (request, reply) => {
      const { userIdentifier } = request.params;
      const customer = customerOf(request);
      return reply
        .code(201)
        .send(
          await registerDocumentForIdentifier(
            audited(deps, request),
            customer,
            userIdentifier,
            request.body,
          ),
        );
    },
  );
}
