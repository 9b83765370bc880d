import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './literal-union.js';

/** An identifier that a request names (device, user, svcfication, svccode). */
export const Identifier = Type.String({ minLength: 1, maxLength: 256 });

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

/** Activates or deactivates a device or a user device binding. */
export const ActiveBody = Type.Object({ active: Type.Boolean() });
export type ActiveBody = Static<typeof ActiveBody>;

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
export type DeviceResponse = Static<typeof DeviceResponse>;

/** The answer to device registration: the device plus a JWT for it. */
export const SyncDeviceResponse = Type.Composite([
  DeviceResponse,
  Type.Object({ jwt: Type.String() }),
]);
export type SyncDeviceResponse = Static<typeof SyncDeviceResponse>;

export const UserDeviceBody = Type.Object({
  device_identifier: Identifier,
  user_identifier: Identifier,
});
export type UserDeviceBody = Static<typeof UserDeviceBody>;

export const UserDeviceResponse = Type.Object({
  id: Type.String(),
  device_identifier: Type.String(),
  user_identifier: Type.String(),
  active: Type.Boolean(),
  activated_at: Timestamp,
});
export type UserDeviceResponse = Static<typeof UserDeviceResponse>;

export const UserIdentifier = Type.Object({ svc_id: Identifier, identifier: Identifier });
export type UserIdentifier = Static<typeof UserIdentifier>;

export const VerificationStatus = literalUnion([
  'UNVERIFIED',
  'UNVERIFIABLE',
  'VERIFIED',
  'FAILED',
]);
export type VerificationStatus = Static<typeof VerificationStatus>;

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
  gender: Type.Optional(literalUnion(['MALE', 'FEMALE', 'OTHER', 'UNKNOWN'])),
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

/** `GET /jwks`: the keys that verify the JWTs svc issues. */
export const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });
export type Jwks = Static<typeof Jwks>;
