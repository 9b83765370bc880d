import { Type } from '@sinclair/typebox';
import {
  ActiveBody,
  DeviceResponse,
  Identifier,
  IdentityDocument,
  IdentityDocumentBody,
  Jwks,
  SyncDeviceResponse,
  UserDeviceBody,
  UserDeviceResponse,
  UserIdentifier,
  DeviceBody,
} from '@svc/wire';
import { errorResponses as errors, IdParams } from '../../core/http/schemas.js';

export type {
  DeviceBody,
  IdentityDocument,
  IdentityDocumentBody,
  VerificationStatus,
} from '@svc/wire';

const IdentifierParams = Type.Object({ identifier: Identifier });
const UserIdentifierParams = Type.Object({ userIdentifier: Identifier });
const DocumentsQuery = Type.Object({ user_identifier: Identifier });
const empty = { type: 'null' } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  jwks: { summary: 'Keys that verify device and callback JWTs', response: { 200: Jwks } },
  registerDevice: {
    summary: 'Register a device key',
    body: DeviceBody,
    response: { 200: SyncDeviceResponse, 201: SyncDeviceResponse, ...errors },
  },
  getDevice: { params: IdentifierParams, response: { 200: DeviceResponse, ...errors } },
  setDeviceActive: {
    params: IdentifierParams,
    body: ActiveBody,
    response: { 200: DeviceResponse, ...errors },
  },
  bindDevice: { body: UserDeviceBody, response: { 201: UserDeviceResponse, ...errors } },
  setBindingActive: {
    params: IdParams,
    body: ActiveBody,
    response: { 200: UserDeviceResponse, ...errors },
  },
  createUserIdentifier: { body: UserIdentifier, response: { 204: empty, ...errors } },
  getUserIdentifier: { params: IdentifierParams, response: { 200: UserIdentifier, ...errors } },
  deactivateUser: { params: UserIdentifierParams, response: { 204: empty, ...errors } },
  registerOwnDocument: {
    body: IdentityDocumentBody,
    response: { 201: IdentityDocument, ...errors },
  },
  listDocuments: {
    querystring: DocumentsQuery,
    response: { 200: Type.Array(IdentityDocument), ...errors },
  },
  getDocument: { params: IdParams, response: { 200: IdentityDocument, ...errors } },
  registerDocumentFor: {
    params: UserIdentifierParams,
    body: IdentityDocumentBody,
    response: { 201: IdentityDocument, ...errors },
  },
};
