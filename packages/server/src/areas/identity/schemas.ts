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
import { errorResponses as errors, IdParams, op } from '../../core/http/schemas.js';

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
  jwks: {
    ...op('getJwks', 'Keys', 'Keys that verify device and callback JWTs'),
    response: { 200: Jwks },
  },
  registerDevice: {
    ...op(
      'registerDevice',
      'Devices',
      'Register a device key',
      '201 for a new key; 200 for a known key (same identifier, new JWT).',
    ),
    body: DeviceBody,
    response: { 200: SyncDeviceResponse, 201: SyncDeviceResponse, ...errors },
  },
  getDevice: {
    ...op('getDevice', 'Devices', 'Read a device'),
    params: IdentifierParams,
    response: { 200: DeviceResponse, ...errors },
  },
  setDeviceActive: {
    ...op('setDeviceActive', 'Devices', 'Activate or deactivate a device'),
    params: IdentifierParams,
    body: ActiveBody,
    response: { 200: DeviceResponse, ...errors },
  },
  bindDevice: {
    ...op('bindDevice', 'User devices', 'Bind a device to a user identifier'),
    body: UserDeviceBody,
    response: { 201: UserDeviceResponse, ...errors },
  },
  setBindingActive: {
    ...op('setBindingActive', 'User devices', 'Activate or deactivate a binding'),
    params: IdParams,
    body: ActiveBody,
    response: { 200: UserDeviceResponse, ...errors },
  },
  createUserIdentifier: {
    ...op('createUserIdentifier', 'Users', 'Give the user of an svc_id an identifier'),
    body: UserIdentifier,
    response: { 204: empty, ...errors },
  },
  getUserIdentifier: {
    ...op('getUserIdentifier', 'Users', 'Read a user identifier'),
    params: IdentifierParams,
    response: { 200: UserIdentifier, ...errors },
  },
  deactivateUser: {
    ...op('deactivateUser', 'Users', 'Deactivate every device of a user'),
    params: UserIdentifierParams,
    response: { 204: empty, ...errors },
  },
  registerOwnDocument: {
    ...op(
      'registerOwnDocument',
      'Identity documents',
      "Register the document of the signing device's user",
    ),
    body: IdentityDocumentBody,
    response: { 201: IdentityDocument, ...errors },
  },
  listDocuments: {
    ...op('listDocuments', 'Identity documents', 'Documents of a user identifier'),
    querystring: DocumentsQuery,
    response: { 200: Type.Array(IdentityDocument), ...errors },
  },
  getDocument: {
    ...op('getDocument', 'Identity documents', 'Read a document'),
    params: IdParams,
    response: { 200: IdentityDocument, ...errors },
  },
  registerDocumentFor: {
    ...op('registerDocumentForUser', 'Identity documents', 'Register the document of a user'),
    params: UserIdentifierParams,
    body: IdentityDocumentBody,
    response: { 201: IdentityDocument, ...errors },
  },
};
