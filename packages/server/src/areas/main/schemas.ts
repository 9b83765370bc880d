import { Type, type Static } from '@sinclair/typebox';

/** A JWK (RFC 7517); which keys are accepted is checked by the use case (P-256 or RSA ≥ 2048). */
export const JsonWebKey = Type.Object(
  {
    kty: Type.String({ maxLength: 8 }),
    alg: Type.Optional(Type.String({ maxLength: 16 })),
    crv: Type.Optional(Type.String({ maxLength: 16 })),
    x: Type.Optional(Type.String({ maxLength: 128 })),
    y: Type.Optional(Type.String({ maxLength: 128 })),
    n: Type.Optional(Type.String({ maxLength: 1400 })),
    e: Type.Optional(Type.String({ maxLength: 16 })),
    d: Type.Optional(Type.String({ maxLength: 1400 })),
    kid: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { description: 'JsonWebKey' },
);
export type JsonWebKey = Static<typeof JsonWebKey>;

export const Identifier = Type.String({ minLength: 1, maxLength: 256 });
export const IdParams = Type.Object({ id: Identifier });
export const IdentifierParams = Type.Object({ identifier: Identifier });
export const UserIdentifierParams = Type.Object({ userIdentifier: Identifier });
export const ActiveBody = Type.Object({ active: Type.Boolean() });

export const DeviceBody = Type.Object({
  device_public_key: JsonWebKey,
  auth_public_key: Type.Optional(JsonWebKey),
  secondary_auth_public_key: Type.Optional(JsonWebKey),
  device_platform: Type.Union([Type.Literal('android'), Type.Literal('ios')]),
  bundle_id: Type.Optional(Type.String({ maxLength: 256 })),
});
export type DeviceBody = Static<typeof DeviceBody>;

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const DeviceResponse = Type.Object({
  identifier: Type.String(),
  svc_id: Type.String(),
  device_platform: Type.String(),
  active: Type.Boolean(),
  is_active: Type.Boolean({ description: 'DEPRECATED: same as active' }),
  activated_at: Timestamp,
});
export const SyncDeviceResponse = Type.Composite([
  DeviceResponse,
  Type.Object({ jwt: Type.String() }),
]);

export const UserDeviceBody = Type.Object({
  device_identifier: Identifier,
  user_identifier: Identifier,
});
export const UserDeviceResponse = Type.Object({
  id: Type.String(),
  device_identifier: Type.String(),
  user_identifier: Type.String(),
  active: Type.Boolean(),
  activated_at: Timestamp,
});

export const UserIdentifier = Type.Object({ svc_id: Identifier, identifier: Identifier });

const VerificationStatus = Type.Union(
  ['UNVERIFIED', 'UNVERIFIABLE', 'VERIFIED', 'FAILED'].map((s) => Type.Literal(s)),
);
const str = Type.String({ maxLength: 256 });

/** IdentityDocument / AAMVADriversLicense. The license fields are read in memory, never stored. */
export const IdentityDocumentBody = Type.Object({
  hash: Type.String({ minLength: 1, maxLength: 512 }),
  id: Type.Optional(Type.String({ maxLength: 256 })),
  type: Type.Optional(Type.Literal('AAMVA_DRIVERS_LICENSE')),
  verification_status: Type.Optional(VerificationStatus),
  first_name: Type.Optional(str),
  middle_name: Type.Optional(str),
  last_name: Type.Optional(str),
  expiration_date: Type.Optional(str),
  issue_date: Type.Optional(str),
  date_of_birth: Type.Optional(str),
  gender: Type.Optional(
    Type.Union(['MALE', 'FEMALE', 'OTHER', 'UNKNOWN'].map((s) => Type.Literal(s))),
  ),
  eye_color: Type.Optional(str),
  hair_color: Type.Optional(str),
  height: Type.Optional(Type.Number()),
  street_address: Type.Optional(str),
  street_address_supplement: Type.Optional(str),
  city: Type.Optional(str),
  state: Type.Optional(str),
  postal_code: Type.Optional(str),
  customer_id: Type.Optional(str),
  document_id: Type.Optional(str),
  country: Type.Optional(str),
  suffix: Type.Optional(str),
});
export type IdentityDocumentBody = Static<typeof IdentityDocumentBody>;

export const IdentityDocument = Type.Object({
  id: Type.String(),
  hash: Type.String(),
  type: Type.Literal('AAMVA_DRIVERS_LICENSE'),
  verification_status: VerificationStatus,
  verified_at: Timestamp,
});
export type IdentityDocument = Static<typeof IdentityDocument>;
export type VerificationStatus = IdentityDocument['verification_status'];

export const DocumentsQuery = Type.Object({
  user_identifier: Type.String({ minLength: 1, maxLength: 256 }),
});

export const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });

const nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/** Creation body: unknown fields are tolerated and nulls read as absent. */
export const SvcficationBody = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 1024 }),
  resource: Type.String({ minLength: 1, maxLength: 1024 }),
  desired_level: Type.Integer({ minimum: 1, maximum: 3 }),
  callback_url: nullable(Type.String({ maxLength: 2048 })),
  custom_fields: nullable(Type.Record(Type.String(), Type.Unknown())),
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

export const SvcficationStatus = Type.Union(
  [
    'INVALID',
    'IN_PROGRESS',
    'REJECTED',
    'ACCEPTED',
    'ACCEPTED_AT_LOWER_LEVEL',
    'ACCEPTED_AT_HIGHER_LEVEL',
    'EXPIRED',
    'CANCELED',
  ].map((s) => Type.Literal(s)),
);

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

export const WaitQuery = Type.Object({
  wait: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
});
export const HistoryQuery = Type.Object({
  user_identifier: Identifier,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  before: Type.Optional(Type.String({ format: 'date-time' })),
});
export const ResponsesBody = Type.Object({
  payloads: Type.Array(Type.String({ minLength: 3, maxLength: 16_384 }), {
    minItems: 1,
    maxItems: 3,
  }),
});

/** Legacy v1: the Verification shape (dates in epoch seconds). */
export const Verification = Type.Object({
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

/** The 422 body of svcfication creation. */
export const ListError = Type.Object({ message: Type.String(), errors: Type.Array(Type.String()) });
