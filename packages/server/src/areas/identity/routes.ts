import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { customerOf, signerOf } from '../../core/http/caller.js';
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

const server = { auth: ['server'] } as const;
// Endpoints whose spec lists 400 (not 422) for bad input: the PATCHes and the document list.
const invalidIs400 = { ...server, invalid: 'MISSING_FIELDS' } as const;
const device = { auth: ['sdk'], deviceSig: true } as const;
// Registration proves possession: X-Device-Sig made with the key being registered.
const possession = {
  auth: ['sdk', 'server'],
  deviceSig: { keyOf: async (q) => keyBeingRegistered(q.body as DeviceBody) },
} as const satisfies import('fastify').FastifyContextConfig;

/** Identity (Area B): devices, device-user bindings, user identifiers, users, documents, /jwks. */
export function identityRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const c = customerOf;
  r.get('/jwks', { schema: route.jwks }, async () => deps.keys.jwks());

  r.post('/api/v2/devices', { config: possession, schema: route.registerDevice }, async (q, re) => {
    const { created, device } = await registerDevice(deps, c(q), q.body);
    return re.code(created ? 201 : 200).send(device);
  });
  r.get('/api/v2/devices/:identifier', { config: server, schema: route.getDevice }, async (q) =>
    getDevice(deps, c(q), q.params.identifier),
  );
  r.patch(
    '/api/v2/devices/:identifier',
    { config: invalidIs400, schema: route.setDeviceActive },
    (q) => setDeviceActive(deps, c(q), q.params.identifier, q.body.active),
  );

  r.post('/api/v2/user_devices', { config: server, schema: route.bindDevice }, async (q, re) =>
    re.code(201).send(await bindDevice(deps, c(q), q.body)),
  );
  r.patch(
    '/api/v2/user_devices/:id',
    { config: invalidIs400, schema: route.setBindingActive },
    (q) => setBindingActive(deps, c(q), q.params.id, q.body.active),
  );

  r.post(
    '/api/v2/user_identifiers',
    { config: server, schema: route.createUserIdentifier },
    async (q, re) => re.code(204).send(await createUserIdentifier(deps, c(q), q.body)),
  );
  r.get(
    '/api/v2/user_identifiers/:identifier',
    { config: server, schema: route.getUserIdentifier },
    (q) => getUserIdentifier(deps, c(q), q.params.identifier),
  );
  r.delete(
    '/api/v2/users/:userIdentifier',
    { config: server, schema: route.deactivateUser },
    async (q, re) => re.code(204).send(await deactivateUser(deps, c(q), q.params.userIdentifier)),
  );

  r.post(
    '/api/v2/identity_documents',
    { config: device, schema: route.registerOwnDocument },
    async (q, re) => re.code(201).send(await registerOwnDocument(deps, c(q), signerOf(q), q.body)),
  );
  r.get('/api/v2/identity_documents', { config: invalidIs400, schema: route.listDocuments }, (q) =>
    documentsOfIdentifier(deps, c(q), q.query.user_identifier),
  );
  r.get('/api/v2/identity_documents/:id', { config: server, schema: route.getDocument }, (q) =>
    getDocument(deps, c(q), q.params.id),
  );
  r.post(
    '/api/v2/users/:userIdentifier/identity_document',
    { config: server, schema: route.registerDocumentFor },
    async (q, re) =>
      re
        .code(201)
        .send(await registerDocumentForIdentifier(deps, c(q), q.params.userIdentifier, q.body)),
  );
}
