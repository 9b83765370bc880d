import { Type } from '@sinclair/typebox';
import {
  ConsoleDocumentList,
  ConsoleFido,
  ConsolePasskeyUserList,
  ConsoleSvcficationList,
  ConsoleUserList,
  CreatedEnrollment,
  Delivery,
  DeliveryList,
  ErrorBody,
  FidoCredential,
  FidoCredentialPatchBody,
  Identifier,
  SvcficationStatus,
} from '@svc/wire';
import { errorResponses, IdParams, op } from '../../../core/http/schemas.js';

const errors = { ...errorResponses, 401: ErrorBody };
const page = {
  after: Type.Optional(
    Type.String({ minLength: 1, maxLength: 300, description: "a page's `next_cursor`" }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
};
const none = { type: 'null' } as const;
const PasskeyParams = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 64 }),
  credential: Type.String({ minLength: 1, maxLength: 1024 }),
});

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  users: {
    ...op('listConsoleUsers', 'Customer', 'User identifiers and the devices bound to them'),
    querystring: Type.Object(page),
    response: { 200: ConsoleUserList, ...errors },
  },
  deactivateDevice: {
    ...op('deactivateConsoleDevice', 'Customer', 'Deactivate a device (its credentials revoked)'),
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) }),
    response: { 204: none, ...errors },
  },
  deactivateBinding: {
    ...op('deactivateConsoleBinding', 'Customer', "Deactivate a device's binding to a user"),
    params: IdParams,
    response: { 204: none, ...errors },
  },
  enroll: {
    ...op('createConsoleEnrollment', 'Customer', 'An enrollment link and QR code for a user'),
    body: Type.Object({ user_identifier: Identifier }),
    response: { 201: CreatedEnrollment, ...errors },
  },
  svcfications: {
    ...op('listConsoleSvcfications', 'Customer', 'Svcfications, newest first'),
    querystring: Type.Object({
      ...page,
      status: Type.Optional(SvcficationStatus),
      user_identifier: Type.Optional(Identifier),
    }),
    response: { 200: ConsoleSvcficationList, ...errors },
  },
  deliveries: {
    ...op(
      'listConsoleDeliveries',
      'Customer',
      'Callbacks, push wake-ups and CIBA pings with their attempts',
    ),
    querystring: Type.Object(page),
    response: { 200: DeliveryList, ...errors },
  },
  replay: {
    ...op('replayConsoleDelivery', 'Customer', 'Deliver again: one new item, signed anew, audited'),
    params: IdParams,
    response: { 201: Delivery, ...errors },
  },
  passkeys: {
    ...op('listConsolePasskeys', 'Customer', 'FIDO users and their passkeys'),
    querystring: Type.Object(page),
    response: { 200: ConsolePasskeyUserList, ...errors },
  },
  renamePasskey: {
    ...op('renameConsolePasskey', 'Customer', "Rename one of a user's passkeys"),
    params: PasskeyParams,
    body: FidoCredentialPatchBody,
    response: { 200: FidoCredential, ...errors },
  },
  deletePasskey: {
    ...op('deleteConsolePasskey', 'Customer', "Delete one of a user's passkeys"),
    params: PasskeyParams,
    response: { 204: none, ...errors },
  },
  documents: {
    ...op('listConsoleDocuments', 'Customer', 'Identity documents: hash and status only'),
    querystring: Type.Object(page),
    response: { 200: ConsoleDocumentList, ...errors },
  },
  fido: {
    ...op(
      'getConsoleFido',
      'Customer',
      'The FIDO organization, its redirect URIs and OpenID client',
    ),
    response: { 200: ConsoleFido, ...errors },
  },
};
