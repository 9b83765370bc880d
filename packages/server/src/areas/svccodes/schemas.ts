import { Type } from '@sinclair/typebox';
import {
  CreateSvccodeBody,
  ErrorBody,
  ErrorWithFieldsBody,
  PairedSvccode,
  PairSvccodeBody,
  Svccode,
  SvccodeStatus,
  UserBindingBody,
  UserDeviceResponse,
} from '@svc/wire';
import { IdParams, op } from '../../core/http/schemas.js';
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

/** ErrorWithFields when a 400 or 422 names the bad fields (`field_errors` is optional). */
export const svccodeErrors = {
  400: ErrorWithFieldsBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorWithFieldsBody,
  424: ErrorBody,
};
export const DemoQrQuery = Type.Object({ payload: Type.String({ minLength: 1, maxLength: 512 }) });

const errors = svccodeErrors;
const hide = { hide: true } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  create: {
    ...op('createSvccode', 'Svccodes', 'Create a scannable code'),
    body: CreateSvccodeBody,
    response: { 201: Svccode, ...errors },
  },
  status: {
    ...op('getSvccodeStatus', 'Svccodes', 'Whether a device paired the code (long poll)'),
    params: IdParams,
    querystring: StatusQuery,
    response: { 200: SvccodeStatus, ...errors },
  },
  pair: {
    ...op('pairSvccode', 'Svccodes', 'Pair the scanning device with the code'),
    body: PairSvccodeBody,
    response: { 201: { type: 'null' }, ...errors },
  },
  takePaired: {
    ...op('getPairedSvccode', 'Svccodes', 'The device that paired the code (answered once)'),
    params: IdParams,
    response: { 200: PairedSvccode, ...errors },
  },
  bindUser: {
    ...op('bindSvccodeUser', 'Svccodes', 'Bind the scanning user to a user identifier'),
    body: UserBindingBody,
    response: { 201: UserDeviceResponse, ...errors },
  },
  demoPage: hide,
  demoQr: { ...hide, querystring: DemoQrQuery },
} as const;
