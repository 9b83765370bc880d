import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Identifier } from './identity.js';
import { literalUnion } from './literal-union.js';

const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** Creation body: unknown fields are tolerated and nulls read as absent. */
export const SvcficationBody = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 1024 }),
  resource: Type.String({ minLength: 1, maxLength: 1024 }),
  desired_level: Type.Integer({ minimum: 1, maximum: 3 }),
  callback_url: nullable(Type.String({ maxLength: 2048 })),
  custom_fields: nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'free-form; at most 256 keys and items, nesting depth 16 and 16 KiB as JSON',
    }),
  ),
  device_identifier: nullable(Identifier),
  email: nullable(Type.String({ format: 'email', maxLength: 256 })),
  expires_at: nullable(Type.String({ format: 'date-time' })),
  prompt: nullable(Type.Boolean()),
  show_identity_document: nullable(Type.Boolean()),
  svc_id: nullable(Identifier),
  user_identifier: nullable(Identifier),
  user_presence: nullable(Type.Boolean()),
  svccode_id: nullable(Identifier),
});
export type SvcficationBody = Static<typeof SvcficationBody>;

export const SvcficationResult = Type.Object({
  id: Type.String(),
  accepted: Type.Boolean(),
  is_accepted: Type.Boolean({ description: 'DEPRECATED: use accepted' }),
  accepted_level: Type.Union([Type.Integer(), Type.Null()]),
  bound_user_identifier: Type.Union([Type.String(), Type.Null()]),
  device_identifier: Type.String(),
  user_identifier: Type.Union([Type.String(), Type.Null()], {
    description: 'DEPRECATED: use bound_user_identifier',
  }),
});
export type SvcficationResult = Static<typeof SvcficationResult>;

export const SvcficationStatus = literalUnion([
  'INVALID',
  'IN_PROGRESS',
  'REJECTED',
  'ACCEPTED',
  'ACCEPTED_AT_LOWER_LEVEL',
  'ACCEPTED_AT_HIGHER_LEVEL',
  'EXPIRED',
  'CANCELED',
]);
export type SvcficationStatus = Static<typeof SvcficationStatus>;

export const Svcfication = Type.Object({
  id: Type.String(),
  status: SvcficationStatus,
  user_identifier: Type.Union([Type.String(), Type.Null()]),
  device_identifier: Type.Union([Type.String(), Type.Null()]),
  svc_id: Type.Union([Type.String(), Type.Null()]),
  desired_level: Type.Integer(),
  expires_at: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  action: Type.String(),
  resource: Type.String(),
  relying_party: Type.String(),
  result: Type.Union([SvcficationResult, Type.Null()]),
  user_presence: Type.Boolean(),
  prompt: Type.Boolean(),
  show_identity_document: Type.Boolean(),
  custom_fields: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type Svcfication = Static<typeof Svcfication>;

/** The 422 body of svcfication creation. */
/**
 * The 422 body of svcfication creation: the spec's `{message, errors}`, plus the general Error
 * fields, so clients that read either shape show the reason.
 */
export const ListError = Type.Object({
  message: Type.String(),
  errors: Type.Array(Type.String()),
  error: Type.String(),
  description: Type.String(),
  field_errors: Type.Record(Type.String(), Type.Array(Type.String())),
});
export type ListError = Static<typeof ListError>;

/** A device's answer: payload strings made with `encodePayload`. */
export const ResponsesBody = Type.Object({
  payloads: Type.Array(Type.String({ minLength: 3, maxLength: 16_384 }), {
    minItems: 1,
    maxItems: 3,
  }),
});
export type ResponsesBody = Static<typeof ResponsesBody>;

/** Legacy v1: the Verification shape (dates in epoch seconds). */
export const LegacyVerification = Type.Object({
  verification_id: Type.String(),
  svc_id: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  resource: Type.String(),
  agent_id: Type.Union([Type.String(), Type.Null()]),
  callback_url: Type.Union([Type.String(), Type.Null()]),
  display_name: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  relying_party_display_name: Type.String(),
  result_id: Type.Union([Type.String(), Type.Null()]),
  desired_level: Type.Integer(),
  accepted_level: Type.Union([Type.Integer(), Type.Null()]),
  interval: Type.Union([Type.Integer(), Type.Null()]),
  created_date: Type.Integer(),
  updated_date: Type.Integer(),
});
export type LegacyVerification = Static<typeof LegacyVerification>;
