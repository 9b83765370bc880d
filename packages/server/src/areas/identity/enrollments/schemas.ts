import { Type } from '@sinclair/typebox';
import {
  CreateEnrollmentBody,
  CreatedEnrollment,
  EnrolledDevice,
  Enrollment,
  ErrorBody,
  RedeemEnrollmentBody,
} from '@svc/wire';
import { errorResponses as errors, IdParams, op } from '../../../core/http/schemas.js';

export type { RedeemEnrollmentBody } from '@svc/wire';

const WaitQuery = Type.Object({
  wait: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 30,
      description: 'seconds to hold a PENDING answer until a device enrolls (never past expiry)',
    }),
  ),
});

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  create: {
    ...op(
      'createEnrollment',
      'Enrollments',
      'Create a single-use enrollment link for a user identifier',
    ),
    body: CreateEnrollmentBody,
    response: { 201: CreatedEnrollment, ...errors },
  },
  get: {
    ...op('getEnrollment', 'Enrollments', 'Whether a device enrolled (long poll)'),
    params: IdParams,
    querystring: WaitQuery,
    response: { 200: Enrollment, ...errors },
  },
  redeem: {
    ...op(
      'redeemEnrollment',
      'Enrollments',
      'Enroll this device with the code of an enrollment link',
      'Registers the device, binds it to the enrollment’s user identifier and activates it, in one step. 404 unknown code (counted as a failed authentication); 410 used or expired.',
    ),
    body: RedeemEnrollmentBody,
    response: { 201: EnrolledDevice, ...errors, 410: ErrorBody },
  },
} as const;
