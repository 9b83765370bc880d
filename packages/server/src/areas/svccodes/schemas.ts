import { Type, type Static } from '@sinclair/typebox';
import { ErrorBody, IdParams, Identifier } from '../../core/http/schemas.js';

/** Svccode flows (spec "Svccode flows"). */
export const CreateSvccodeBody = Type.Object({ relying_party_id: Identifier });
export const Svccode = Type.Object({ id: Type.String(), payload: Type.String() });
export const SvccodeStatus = Type.Object({ id: Type.String(), paired: Type.Boolean() });
export const StatusQuery = Type.Object({
  wait: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 30,
      description: 'seconds to hold the answer until the code is paired',
    }),
  ),
});
export type PairBody = Static<typeof PairBody>;
export const PairBody = Type.Object({
  identifier: Identifier,
  payload: Type.String({ minLength: 1, maxLength: 512 }),
});
export const PairedSvccode = Type.Object({ id: Type.String(), identifier: Type.String() });
export const UserBindingBody = Type.Object({ svccode_id: Identifier, user_identifier: Identifier });

/** Error, or ErrorWithFields when a 400 names the bad fields; each status declares it once. */
const ErrorMaybeFields = Type.Composite(
  [
    ErrorBody,
    Type.Object({
      field_errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    }),
  ],
  { description: 'Error' },
);
export const svccodeErrors = {
  400: ErrorMaybeFields,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  424: ErrorBody,
};
export const DemoQrQuery = Type.Object({ payload: Type.String({ minLength: 1, maxLength: 512 }) });

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const UserDeviceResponse = Type.Object({
  id: Type.String(),
  device_identifier: Type.String(),
  user_identifier: Type.String(),
  active: Type.Boolean(),
  activated_at: Timestamp,
});

const errors = svccodeErrors;
const hide = { hide: true } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  preflight: hide,
  create: { body: CreateSvccodeBody, response: { 201: Svccode, ...errors } },
  status: {
    params: IdParams,
    querystring: StatusQuery,
    response: { 200: SvccodeStatus, ...errors },
  },
  pair: { body: PairBody, response: { 201: { type: 'null' }, ...errors } },
  takePaired: { params: IdParams, response: { 200: PairedSvccode, ...errors } },
  bindUser: { body: UserBindingBody, response: { 201: UserDeviceResponse, ...errors } },
  demoPage: hide,
  demoQr: { ...hide, querystring: DemoQrQuery },
} as const;
