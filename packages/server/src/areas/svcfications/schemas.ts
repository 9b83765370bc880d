import { Type, type Static } from '@sinclair/typebox';
import {
  Identifier,
  LegacyVerification,
  ListError,
  RejectBody,
  ResponsesBody,
  Svcfication,
  SvcficationBody,
} from '@svc/wire';
import { errorResponses, IdParams, op, TooManyRequests } from '../../core/http/schemas.js';

export type { Svcfication, SvcficationBody, SvcficationResult } from '@svc/wire';

export const WaitQuery = Type.Object({
  wait: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
});
export const HistoryQuery = Type.Object({
  user_identifier: Identifier,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  before: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        "only svcfications created before this instant (the `created_at` of a page's last one)",
    }),
  ),
  before_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description:
        'with `before`: the `id` of that last svcfication; those created at the same instant with a smaller `id` follow it',
    }),
  ),
});
/** v1 body: the Svcfication shape plus the legacy Verification extras. */
export const LegacyBody = Type.Composite(
  [
    SvcficationBody,
    Type.Object({
      agent_id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
      display_name: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
      // A 32-bit integer: larger values would come back rounded (a double) or as 1e+300.
      interval: Type.Optional(
        Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]),
      ),
    }),
  ],
  {
    examples: [
      {
        action: 'Sign in',
        resource: 'www.example.com',
        desired_level: 1,
        email: 'alice@example.com',
        display_name: 'Alice',
      },
    ],
  },
);
export type LegacyBody = Static<typeof LegacyBody>;

const errors = errorResponses;
const empty = { type: 'null' } as const;
const created = Type.String({ description: 'the new verification: /api/v1/verifications/{id}' });

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  create: {
    ...op('createSvcfication', 'Svcfications', 'Create a svcfication'),
    body: SvcficationBody,
    response: { 201: Svcfication, ...errors, 422: ListError, 429: TooManyRequests },
  },
  list: {
    ...op('listSvcfications', 'Svcfications', 'History of a user identifier, newest first'),
    querystring: HistoryQuery,
    response: { 200: Type.Array(Svcfication), ...errors },
  },
  next: {
    ...op('nextSvcfication', 'Svcfications', 'The oldest open svcfication of the device'),
    querystring: WaitQuery,
    response: { 200: Svcfication, 204: empty, ...errors },
  },
  get: {
    ...op('getSvcfication', 'Svcfications', 'Read a svcfication, or wait for its outcome'),
    params: IdParams,
    querystring: WaitQuery,
    response: { 200: Svcfication, ...errors },
  },
  cancel: {
    ...op('cancelSvcfication', 'Svcfications', 'Cancel an open svcfication'),
    params: IdParams,
    response: { 204: empty, ...errors },
  },
  respond: {
    ...op('respondToSvcfication', 'Svcfications', 'Answer with signed payloads'),
    body: ResponsesBody,
    response: { 201: empty, ...errors },
  },
  reject: {
    ...op('rejectSvcfication', 'Svcfications', 'Reject an open svcfication, optionally as fraud'),
    params: IdParams,
    body: RejectBody,
    response: { 204: empty, ...errors },
  },
  createVerification: {
    ...op('createVerification', 'Legacy verifications', 'Create a verification (v1)'),
    body: LegacyBody,
    response: { 201: { ...empty, headers: { Location: created } }, ...errors, 422: ListError },
  },
  getVerification: {
    ...op('getVerification', 'Legacy verifications', 'Read a verification (v1)'),
    params: IdParams,
    response: { 200: LegacyVerification, ...errors },
  },
};
