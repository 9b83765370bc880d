import { Type } from '@sinclair/typebox';
import {
  CreateSvccodeBody,
  ErrorBody,
  PairedSvccode,
  PairSvccodeBody,
  Svccode,
  SvccodeStatus,
  UserBindingBody,
  UserDeviceResponse,
} from '@svc/wire';
import { IdParams } from '../../core/http/schemas.js';
import { defaultWaitSeconds } from './status-hold.js';

export type { PairSvccodeBody } from '@svc/wire';

export const StatusQuery = Type.Object({
  wait: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 30,
      default: defaultWaitSeconds,
      description:
        'seconds to hold the answer until a device pairs or the code expires; an expired code is held the whole time',
    }),
  ),
});

/** Error, or ErrorWithFields when a 400 or 422 names the bad fields; each status declares it once. */
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
  422: ErrorMaybeFields,
  424: ErrorBody,
};
export const DemoQrQuery = Type.Object({ payload: Type.String({ minLength: 1, maxLength: 512 }) });

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
  pair: { body: PairSvccodeBody, response: { 201: { type: 'null' }, ...errors } },
  takePaired: { params: IdParams, response: { 200: PairedSvccode, ...errors } },
  bindUser: { body: UserBindingBody, response: { 201: UserDeviceResponse, ...errors } },
  demoPage: hide,
  demoQr: { ...hide, querystring: DemoQrQuery },
} as const;
