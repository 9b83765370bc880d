import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Identifier } from './identity.js';
import { withExample } from './example.js';
import { literalUnion } from './literal-union.js';

const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

// Example values (made up).
const svcficationId = '7e57d004-2b97-4e7a-b45f-5387367791cd';
const deviceId = '5f0c7a8e-3b1d-4e2a-9c6f-1d2e3f4a5b6c';

/**
 * Who receives a svcfication: exactly one of these, in the order the service names them when
 * more than one is given.
 */
export const svcficationTargetFields = [
  'device_identifier',
  'svccode_id',
  'svc_id',
  'user_identifier',
  'email',
] as const;
export type SvcficationTargetField = (typeof svcficationTargetFields)[number];

// The comments on the fields are what @svc/sdk's `SvcficationInput` shows.
/** Creation body: unknown fields are tolerated and nulls read as absent. */
export const SvcficationBody = withExample(
  Type.Object({
    /** What the user is asked to approve, e.g. `login`, `transfer`. */
    action: Type.String({ minLength: 1, maxLength: 1024 }),
    /** What it concerns, e.g. `web`, `account 1234`. */
    resource: Type.String({ minLength: 1, maxLength: 1024 }),
    desired_level: Type.Integer({ minimum: 1, maximum: 3 }),
    /** HTTPS URL that receives the svcfication (plus `jwt`) when it completes; see `verifyCallback`. */
    callback_url: nullable(Type.String({ maxLength: 2048 })),
    /** Free-form data shown to the device app (≤ 256 keys, depth 16, 16 KiB). */
    custom_fields: nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'free-form; at most 256 keys and items, nesting depth 16 and 16 KiB as JSON',
      }),
    ),
    /** That device (active). */
    device_identifier: nullable(Identifier),
    /** Like `user_identifier`, for an identifier that is an e-mail address. */
    email: nullable(Type.String({ format: 'email', maxLength: 256 })),
    expires_at: nullable(Type.String({ format: 'date-time' })),
    /** Whether the app prompts the user (default true). */
    prompt: nullable(Type.Boolean()),
    /** Whether the app shows the identity document (default false). */
    show_identity_document: nullable(Type.Boolean()),
    /** Every active device of that svc user. */
    svc_id: nullable(Identifier),
    /** The device(s) actively bound to your identifier. */
    user_identifier: nullable(Identifier),
    /** Whether the app asks for user presence (default true). */
    user_presence: nullable(Type.Boolean()),
    /** The device that paired the svccode (confirm intent before `bindUser`). */
    svccode_id: nullable(Identifier),
    /**
     * Number matching: the answer carries `match_number` for your page to show, and the user must
     * pick it among the device's `match_candidates`. Default: the customer's setting (`svc customers
     * set ID --number-matching on`), which applies to `desired_level` ≥ 2.
     */
    number_matching: nullable(
      Type.Boolean({
        description:
          "show a two-digit number the user must pick on the device; default: the customer's setting for desired_level ≥ 2",
      }),
    ),
  }),
  {
    action: 'Sign in',
    resource: 'www.example.com',
    desired_level: 2,
    user_identifier: 'alice@example.com',
    callback_url: 'https://rp.example.com/svc/callback',
    custom_fields: { session: 'c1' },
  },
);
export type SvcficationBody = Static<typeof SvcficationBody>;

/**
 * Why a svcfication was rejected: the device's reason (`declined`, `fraud`), or a failed number
 * match (`match_number_missing`, `match_number_wrong`).
 */
export const RejectReason = literalUnion([
  'declined',
  'fraud',
  'match_number_missing',
  'match_number_wrong',
]);
export type RejectReason = Static<typeof RejectReason>;

/** The optional body of a device's rejection. */
export const RejectBody = withExample(
  Type.Object({
    reason: Type.Optional(
      literalUnion(['declined', 'fraud'], {
        description:
          'fraud: the user did not start this; new svcfications to the user are refused for a while',
      }),
    ),
  }),
  { reason: 'fraud' },
);
export type RejectBody = Static<typeof RejectBody>;

const result = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  accepted: true,
  is_accepted: true,
  accepted_level: 2,
  bound_user_identifier: 'alice@example.com',
  device_identifier: deviceId,
  user_identifier: 'alice@example.com',
};
export const SvcficationResult = withExample(
  Type.Object({
    id: Type.String(),
    accepted: Type.Boolean(),
    is_accepted: Type.Boolean({ description: 'DEPRECATED: use accepted' }),
    accepted_level: Type.Union([Type.Integer(), Type.Null()]),
    bound_user_identifier: Type.Union([Type.String(), Type.Null()]),
    device_identifier: Type.String(),
    user_identifier: Type.Union([Type.String(), Type.Null()], {
      description: 'DEPRECATED: use bound_user_identifier',
    }),
    reason: Type.Optional(RejectReason),
  }),
  result,
);
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

export const Svcfication = withExample(
  Type.Object({
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
    number_matching: Type.Optional(Type.Boolean()),
    match_number: Type.Optional(
      Type.Union([Type.Integer({ minimum: 10, maximum: 99 }), Type.Null()], {
        description: 'for the relying party to show its user (never sent to devices)',
      }),
    ),
    match_candidates: Type.Optional(
      Type.Union(
        [
          Type.Array(Type.Integer({ minimum: 10, maximum: 99 }), { minItems: 3, maxItems: 3 }),
          Type.Null(),
        ],
        { description: 'for devices: three numbers, one of them the match_number' },
      ),
    ),
  }),
  {
    id: svcficationId,
    status: 'ACCEPTED',
    user_identifier: 'alice@example.com',
    device_identifier: null,
    svc_id: null,
    desired_level: 2,
    expires_at: '2025-06-02T09:31:30.000Z',
    created_at: '2025-06-02T09:30:00.000Z',
    updated_at: '2025-06-02T09:30:12.000Z',
    action: 'Sign in',
    resource: 'www.example.com',
    relying_party: 'Acme',
    result,
    user_presence: true,
    prompt: true,
    show_identity_document: false,
    custom_fields: { session: 'c1' },
    number_matching: true,
    match_number: 47,
  },
);
export type Svcfication = Static<typeof Svcfication>;

/**
 * The 422 body of svcfication creation: the spec's `{message, errors}`, plus the general Error
 * fields, so clients that read either shape show the reason.
 */
export const ListError = withExample(
  Type.Object({
    message: Type.String(),
    errors: Type.Array(Type.String()),
    error: Type.String(),
    description: Type.String(),
    field_errors: Type.Record(Type.String(), Type.Array(Type.String())),
  }),
  {
    message: 'The svcfication could not be created.',
    errors: ['desired_level must be <= 3'],
    error: 'SVCFICATION_INVALID',
    description: 'Invalid fields: desired_level.',
    field_errors: { desired_level: ['must be <= 3'] },
  },
);
export type ListError = Static<typeof ListError>;

/** A device's answer: payload strings made with `encodePayload`. */
export const ResponsesBody = withExample(
  Type.Object({
    payloads: Type.Array(Type.String({ minLength: 3, maxLength: 16_384 }), {
      minItems: 1,
      maxItems: 3,
    }),
  }),
  {
    payloads: [
      'eyJ0eXBlIjoiZGV2aWNlX2FyIiwic3ZjZmljYXRpb25faWQiOiI3ZTU3ZDAwNCJ9.MEUCIQDx',
      'eyJ0eXBlIjoidXNlcl9wcmVzZW5jZSIsInN2Y2ZpY2F0aW9uX2lkIjoiN2U1N2QwMDQifQ==.MEQCIGx',
    ],
  },
);
export type ResponsesBody = Static<typeof ResponsesBody>;

/** Legacy v1: the Verification shape (dates in epoch seconds). */
export const LegacyVerification = withExample(
  Type.Object({
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
  }),
  {
    verification_id: svcficationId,
    svc_id: null,
    email: 'alice@example.com',
    action: 'Sign in',
    resource: 'www.example.com',
    agent_id: null,
    callback_url: null,
    display_name: 'Alice',
    status: 'IN_PROGRESS',
    relying_party_display_name: 'Acme',
    result_id: null,
    desired_level: 1,
    accepted_level: null,
    interval: null,
    created_date: 1748856600,
    updated_date: 1748856600,
  },
);
export type LegacyVerification = Static<typeof LegacyVerification>;
