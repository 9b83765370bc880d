import { Type, type Static } from '@sinclair/typebox';
import {
  Identifier,
  LegacyVerification,
  ListError,
  ResponsesBody,
  Svcfication,
  SvcficationBody,
} from '@svc/wire';
import { errorResponses, IdParams } from '../../core/http/schemas.js';

export type { Svcfication, SvcficationBody, SvcficationResult } from '@svc/wire';

export const WaitQuery = Type.Object({
  wait: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
});
export const HistoryQuery = Type.Object({
  user_identifier: Identifier,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  before: Type.Optional(Type.String({ format: 'date-time' })),
});
/** v1 body: the Svcfication shape plus the legacy Verification extras. */
export const LegacyBody = Type.Composite([
  SvcficationBody,
  Type.Object({
    agent_id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
    display_name: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
    interval: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  }),
]);
export type LegacyBody = Static<typeof LegacyBody>;

const errors = errorResponses;
const empty = { type: 'null' } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  create: { body: SvcficationBody, response: { 201: Svcfication, ...errors, 422: ListError } },
  list: { querystring: HistoryQuery, response: { 200: Type.Array(Svcfication), ...errors } },
  next: { querystring: WaitQuery, response: { 200: Svcfication, 204: empty, ...errors } },
  get: { params: IdParams, querystring: WaitQuery, response: { 200: Svcfication, ...errors } },
  cancel: { params: IdParams, response: { 204: empty, ...errors } },
  respond: { body: ResponsesBody, response: { 201: empty, ...errors } },
  reject: { params: IdParams, response: { 204: empty, ...errors } },
  createVerification: { body: LegacyBody, response: { 201: empty, ...errors, 422: ListError } },
  getVerification: { params: IdParams, response: { 200: LegacyVerification, ...errors } },
};
