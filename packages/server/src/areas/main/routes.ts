import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { deviceSignature, type AuthDeps } from '../../core/http/index.js';
import { ErrorBody, ErrorWithFieldsBody } from '../../core/http/schemas.js';
import { bindDevice, setBindingActive } from './bindings.js';
import type { MainDeps } from './deps.js';
import { getDevice, setDeviceActive } from './devices.js';
import { findDevice } from './devices-repo.js';
import {
  documentsOfIdentifier,
  getDocument,
  registerDocument,
  registerDocumentForIdentifier,
} from './identity-documents.js';
import { checkDeviceKeys, deviceThumbprint, registerDevice } from './register-device.js';
import * as S from './schemas.js';
import { createUserIdentifier, deactivateUser, getUserIdentifier } from './user-identifiers.js';
import { cancelSvcfication, rejectSvcfication } from './close-svcfication.js';
import { createSvcfication } from './create-svcfication.js';
import { createVerification, getVerification, LegacyBody } from './legacy-verifications.js';
import { getSvcfication, listSvcfications, nextSvcfication } from './read-svcfications.js';
import { respondToSvcfication } from './respond-to-svcfication.js';
import { createSvccode } from './create-svccode.js';
import { demoPage, demoQr } from './demo-page.js';
import { pairSvccode } from './pair-svccode.js';
import { takePairedSvccode } from './paired-svccode.js';
import { allowBrowserCalls, pairingDeviceSig, preflight } from './svccode-http.js';
import * as C from './svccode-schemas.js';
import { svccodeStatus } from './svccode-status.js';
import { bindScanningUser } from './user-bindings.js';

const server = { auth: ['server'] } as const;
const device = { auth: ['sdk'], deviceSig: true } as const;
const errors = {
  400: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  424: ErrorBody,
  422: ErrorWithFieldsBody,
};

/** Area B route table (identity core). */
export function mainRoutes(app: FastifyInstance, deps: MainDeps, auth: AuthDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const caller = (request: { caller: { customerId: string } | null }) =>
    request.caller?.customerId ?? '';

  r.get(
    '/jwks',
    { schema: { summary: 'Keys that verify device and callback JWTs', response: { 200: S.Jwks } } },
    async () => deps.keys.jwks(),
  );

  r.post(
    '/api/v2/devices',
    {
      config: { auth: ['sdk', 'server'] },
      schema: {
        summary: 'Register a device key',
        body: S.DeviceBody,
        response: { 200: S.SyncDeviceResponse, 201: S.SyncDeviceResponse, ...errors },
      },
      // X-Device-Sig must be made with the key being registered.
      preHandler: async (request) => {
        checkDeviceKeys(request.body);
        const thumbprint = await deviceThumbprint(request.body);
        await deviceSignature(auth, request, async (tp) =>
          tp === thumbprint
            ? { identifier: thumbprint, jwk: request.body.device_public_key }
            : null,
        );
      },
    },
    async (request, reply) => {
      const { created, device: out } = await registerDevice(deps, caller(request), request.body);
      return reply.code(created ? 201 : 200).send(out);
    },
  );
  r.get(
    '/api/v2/devices/:identifier',
    {
      config: server,
      schema: { params: S.IdentifierParams, response: { 200: S.DeviceResponse, ...errors } },
    },
    async (request) => getDevice(deps, caller(request), request.params.identifier),
  );
  r.patch(
    '/api/v2/devices/:identifier',
    {
      config: { ...server, invalid: 'MISSING_FIELDS' },
      schema: {
        params: S.IdentifierParams,
        body: S.ActiveBody,
        response: { 200: S.DeviceResponse, ...errors },
      },
    },
    async (request) =>
      setDeviceActive(deps, caller(request), request.params.identifier, request.body.active),
  );

  r.post(
    '/api/v2/user_devices',
    {
      config: server,
      schema: { body: S.UserDeviceBody, response: { 201: S.UserDeviceResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await bindDevice(deps, caller(request), request.body)),
  );
  r.patch(
    '/api/v2/user_devices/:id',
    {
      config: { ...server, invalid: 'MISSING_FIELDS' },
      schema: {
        params: S.IdParams,
        body: S.ActiveBody,
        response: { 200: S.UserDeviceResponse, ...errors },
      },
    },
    async (request) =>
      setBindingActive(deps, caller(request), request.params.id, request.body.active),
  );

  r.post(
    '/api/v2/user_identifiers',
    {
      config: server,
      schema: { body: S.UserIdentifier, response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await createUserIdentifier(deps, caller(request), request.body);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/v2/user_identifiers/:identifier',
    {
      config: server,
      schema: { params: S.IdentifierParams, response: { 200: S.UserIdentifier, ...errors } },
    },
    async (request) => getUserIdentifier(deps, caller(request), request.params.identifier),
  );
  r.delete(
    '/api/v2/users/:userIdentifier',
    {
      config: server,
      schema: { params: S.UserIdentifierParams, response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await deactivateUser(deps, caller(request), request.params.userIdentifier);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v2/identity_documents',
    {
      config: device,
      schema: { body: S.IdentityDocumentBody, response: { 201: S.IdentityDocument, ...errors } },
    },
    async (request, reply) => {
      const signer = await findDevice(deps.db, caller(request), request.deviceId ?? '');
      return reply
        .code(201)
        .send(await registerDocument(deps, caller(request), signer?.user_id ?? '', request.body));
    },
  );
  r.get(
    '/api/v2/identity_documents',
    {
      config: server,
      schema: {
        querystring: S.DocumentsQuery,
        response: { 200: Type.Array(S.IdentityDocument), ...errors },
      },
    },
    async (request) => documentsOfIdentifier(deps, caller(request), request.query.user_identifier),
  );
  r.get(
    '/api/v2/identity_documents/:id',
    {
      config: server,
      schema: { params: S.IdParams, response: { 200: S.IdentityDocument, ...errors } },
    },
    async (request) => getDocument(deps, caller(request), request.params.id),
  );
  // svcfications
  const sdkOrServer = ['sdk', 'server'] as const;
  r.post(
    '/api/v2/svcfications',
    {
      config: { ...server, invalid: 'SVCFICATION_INVALID' },
      schema: {
        body: S.SvcficationBody,
        response: { 201: S.Svcfication, ...errors, 422: S.ListError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSvcfication(deps, caller(request), request.body)),
  );
  r.get(
    '/api/v2/svcfications',
    {
      config: server,
      schema: {
        querystring: S.HistoryQuery,
        response: { 200: Type.Array(S.Svcfication), ...errors },
      },
    },
    async (request) => listSvcfications(deps, caller(request), request.query),
  );
  r.get(
    '/api/v2/svcfications/next',
    {
      config: device,
      schema: {
        querystring: S.WaitQuery,
        response: { 200: S.Svcfication, 204: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const next = await nextSvcfication(
        deps,
        caller(request),
        request.deviceId ?? '',
        request.query.wait,
      );
      return next ? next : reply.code(204).send();
    },
  );
  r.get(
    '/api/v2/svcfications/:id',
    {
      config: { auth: sdkOrServer, deviceSig: 'sdk' },
      schema: {
        params: S.IdParams,
        querystring: S.WaitQuery,
        response: { 200: S.Svcfication, ...errors },
      },
    },
    async (request) =>
      getSvcfication(deps, caller(request), request.params.id, {
        waitSeconds: request.query.wait,
        deviceIdentifier: request.deviceId,
      }),
  );
  r.delete(
    '/api/v2/svcfications/:id',
    {
      config: { auth: sdkOrServer, deviceSig: 'sdk' },
      schema: { params: S.IdParams, response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await cancelSvcfication(deps, caller(request), request.params.id, request.deviceId);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/v2/svcfication_responses',
    {
      config: device,
      schema: { body: S.ResponsesBody, response: { 201: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await respondToSvcfication(
        deps,
        caller(request),
        request.deviceId ?? '',
        request.body.payloads,
      );
      return reply.code(201).send();
    },
  );
  r.delete(
    '/api/v2/svcfication_responses/:id',
    {
      config: device,
      schema: { params: S.IdParams, response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await rejectSvcfication(deps, caller(request), request.deviceId ?? '', request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/v1/verifications',
    {
      config: { auth: ['user'], invalid: 'SVCFICATION_INVALID' },
      schema: {
        body: LegacyBody,
        response: { 201: { type: 'null' }, ...errors, 422: S.ListError },
      },
    },
    async (request, reply) => {
      const id = await createVerification(deps, caller(request), request.body);
      return reply.code(201).header('location', `/api/v1/verifications/${id}`).send();
    },
  );
  r.get(
    '/api/v1/verifications/:id',
    {
      config: { auth: ['user'] },
      schema: { params: S.IdParams, response: { 200: S.Verification, ...errors } },
    },
    async (request) => getVerification(deps, caller(request), request.params.id),
  );

  // svccodes and user bindings
  allowBrowserCalls(app);
  const browser = { cors: true, invalid: 'MISSING_FIELDS' } as const;
  r.options('/api/v2/svccodes', { config: browser, schema: { hide: true } }, preflight);
  r.options('/api/v2/svccodes/:id', { config: browser, schema: { hide: true } }, preflight);
  r.post(
    '/api/v2/svccodes',
    {
      config: browser,
      schema: { body: C.CreateSvccodeBody, response: { 201: C.Svccode, ...C.svccodeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await createSvccode(deps, request.body.relying_party_id)),
  );
  r.get(
    '/api/v2/svccodes/:id',
    {
      config: browser,
      schema: {
        params: S.IdParams,
        querystring: C.StatusQuery,
        response: { 200: C.SvccodeStatus, ...C.svccodeErrors },
      },
    },
    async (request) => svccodeStatus(deps, request.params.id, request.query.wait),
  );
  r.post(
    '/api/v2/paired_svccodes',
    {
      config: { invalid: 'MISSING_FIELDS' },
      preHandler: pairingDeviceSig(deps, auth),
      schema: { body: C.PairBody, response: { 201: { type: 'null' }, ...C.svccodeErrors } },
    },
    async (request, reply) => {
      await pairSvccode(deps, request.deviceId ?? '', request.body.payload);
      return reply.code(201).send();
    },
  );
  r.get(
    '/api/v2/paired_svccodes/:id',
    {
      config: server,
      schema: { params: S.IdParams, response: { 200: C.PairedSvccode, ...C.svccodeErrors } },
    },
    async (request) => takePairedSvccode(deps, caller(request), request.params.id),
  );
  r.post(
    '/api/v2/user_bindings',
    {
      config: { ...server, invalid: 'MISSING_FIELDS' },
      schema: {
        body: C.UserBindingBody,
        response: { 201: S.UserDeviceResponse, ...C.svccodeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bindScanningUser(deps, caller(request), request.body)),
  );
  r.get('/demo/svccode', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(await demoPage(deps)),
  );
  r.get(
    '/demo/svccode/qr',
    { config: { invalid: 'MISSING_FIELDS' }, schema: { hide: true, querystring: C.DemoQrQuery } },
    async (request) => demoQr(deps, request.query.payload),
  );

  r.post(
    '/api/v2/users/:userIdentifier/identity_document',
    {
      config: server,
      schema: {
        params: S.UserIdentifierParams,
        body: S.IdentityDocumentBody,
        response: { 201: S.IdentityDocument, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registerDocumentForIdentifier(
            deps,
            caller(request),
            request.params.userIdentifier,
            request.body,
          ),
        ),
  );
}
