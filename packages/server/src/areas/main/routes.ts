import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { deviceSignature, type AuthDeps } from '../../core/http/index.js';
import { ErrorBody, ErrorWithFieldsBody } from '../../core/http/schemas.js';
import { bindDevice, setBindingActive } from './bindings.js';
import type { MainDeps } from './deps.js';
import { getDevice, setDeviceActive } from './devices.js';
import { findDevice } from './devices-repo.js';
import { documentsOfIdentifier, getDocument, registerDocument, registerDocumentForIdentifier } from './identity-documents.js';
import { deviceThumbprint, registerDevice } from './register-device.js';
import * as S from './schemas.js';
import { createUserIdentifier, deactivateUser, getUserIdentifier } from './user-identifiers.js';

const server = { auth: ['server'] } as const;
const device = { auth: ['sdk', 'server'], deviceSig: true } as const;
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 424: ErrorBody, 422: ErrorWithFieldsBody };

/** Area B route table (identity core). */
export function mainRoutes(app: FastifyInstance, deps: MainDeps, auth: AuthDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const caller = (request: { caller: { customerId: string } | null }) => request.caller?.customerId ?? '';

  r.get('/jwks', { schema: { summary: 'Keys that verify device and callback JWTs', response: { 200: S.Jwks } } }, async () => deps.keys.jwks());

  r.post('/api/v2/devices', {
    config: { auth: ['sdk', 'server'] },
    schema: { summary: 'Register a device key', body: S.DeviceBody, response: { 200: S.SyncDeviceResponse, 201: S.SyncDeviceResponse, ...errors } },
    // X-Device-Sig must be made with the key being registered.
    preHandler: async (request) => {
      const thumbprint = await deviceThumbprint(request.body);
      await deviceSignature(auth, request, async (tp) => (tp === thumbprint ? { identifier: thumbprint, jwk: request.body.device_public_key } : null));
    },
  }, async (request, reply) => {
    const { created, device: out } = await registerDevice(deps, caller(request), request.body);
    return reply.code(created ? 201 : 200).send(out);
  });
  r.get('/api/v2/devices/:identifier', { config: server, schema: { params: S.IdentifierParams, response: { 200: S.DeviceResponse, ...errors } } }, async (request) => getDevice(deps, caller(request), request.params.identifier));
  r.patch('/api/v2/devices/:identifier', { config: { ...server, invalid: 'MISSING_FIELDS' }, schema: { params: S.IdentifierParams, body: S.ActiveBody, response: { 200: S.DeviceResponse, ...errors } } }, async (request) => setDeviceActive(deps, caller(request), request.params.identifier, request.body.active));

  r.post('/api/v2/user_devices', { config: server, schema: { body: S.UserDeviceBody, response: { 201: S.UserDeviceResponse, ...errors } } }, async (request, reply) => reply.code(201).send(await bindDevice(deps, caller(request), request.body)));
  r.patch('/api/v2/user_devices/:id', { config: { ...server, invalid: 'MISSING_FIELDS' }, schema: { params: S.IdParams, body: S.ActiveBody, response: { 200: S.UserDeviceResponse, ...errors } } }, async (request) => setBindingActive(deps, caller(request), request.params.id, request.body.active));

  r.post('/api/v2/user_identifiers', { config: server, schema: { body: S.UserIdentifier, response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    await createUserIdentifier(deps, caller(request), request.body);
    return reply.code(204).send();
  });
  r.get('/api/v2/user_identifiers/:identifier', { config: server, schema: { params: S.IdentifierParams, response: { 200: S.UserIdentifier, ...errors } } }, async (request) => getUserIdentifier(deps, caller(request), request.params.identifier));
  r.delete('/api/v2/users/:userIdentifier', { config: server, schema: { params: S.UserIdentifierParams, response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    await deactivateUser(deps, caller(request), request.params.userIdentifier);
    return reply.code(204).send();
  });

  r.post('/api/v2/identity_documents', { config: device, schema: { body: S.IdentityDocumentBody, response: { 201: S.IdentityDocument, ...errors } } }, async (request, reply) => {
    const signer = await findDevice(deps.db, caller(request), request.deviceId ?? '');
    return reply.code(201).send(await registerDocument(deps, caller(request), signer?.user_id ?? '', request.body));
  });
  r.get('/api/v2/identity_documents', { config: server, schema: { querystring: S.DocumentsQuery, response: { 200: Type.Array(S.IdentityDocument), ...errors } } }, async (request) => documentsOfIdentifier(deps, caller(request), request.query.user_identifier));
  r.get('/api/v2/identity_documents/:id', { config: server, schema: { params: S.IdParams, response: { 200: S.IdentityDocument, ...errors } } }, async (request) => getDocument(deps, caller(request), request.params.id));
  // svcfications

  // svccodes and user bindings

  r.post('/api/v2/users/:userIdentifier/identity_document', { config: server, schema: { params: S.UserIdentifierParams, body: S.IdentityDocumentBody, response: { 201: S.IdentityDocument, ...errors } } }, async (request, reply) => reply.code(201).send(await registerDocumentForIdentifier(deps, caller(request), request.params.userIdentifier, request.body)));
}
