import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { literalUnion } from './literal-union.js';

/** An identifier that a request names (device, user, svcfication, svccode). */
export const Identifier = Type.String({ minLength: 1, maxLength: 256 });

// Examples (RFC 7517 and RFC 7515 sample keys; made-up ids).
const deviceKey = {
  kty: 'EC',
  crv: 'P-256',
  x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4',
  y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM',
};
const authKey = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
};
const deviceId = '5f0c7a8e-3b1d-4e2a-9c6f-1d2e3f4a5b6c';
const svcId = 'b3a1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const when = '2025-06-02T09:30:00.000Z';

/** A JWK (RFC 7517); which keys are accepted is checked by the use case (P-256 or RSA ≥ 2048). */
const jsonWebKey = Type.Object(
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
export const JsonWebKey = withExample(jsonWebKey, deviceKey);
export type JsonWebKey = Static<typeof JsonWebKey>;

/** Activates or deactivates a device or a user device binding. */
export const ActiveBody = withExample(Type.Object({ active: Type.Boolean() }), { active: true });
export type ActiveBody = Static<typeof ActiveBody>;

export const DeviceBody = withExample(
  Type.Object({
    device_public_key: JsonWebKey,
    auth_public_key: Type.Optional(JsonWebKey),
    secondary_auth_public_key: Type.Optional(JsonWebKey),
    device_platform: Type.Union([Type.Literal('android'), Type.Literal('ios')]),
    bundle_id: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  {
    device_public_key: deviceKey,
    auth_public_key: authKey,
    device_platform: 'ios',
    bundle_id: 'com.example.app',
  },
);
export type DeviceBody = Static<typeof DeviceBody>;

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const device = {
  identifier: deviceId,
  svc_id: svcId,
  device_platform: 'ios',
  active: true,
  is_active: true,
  activated_at: when,
};
export const DeviceResponse = withExample(
  Type.Object({
    identifier: Type.String(),
    svc_id: Type.String(),
    device_platform: Type.String(),
    active: Type.Boolean(),
    is_active: Type.Boolean({ description: 'DEPRECATED: same as active' }),
    activated_at: Timestamp,
  }),
  device,
);
export type DeviceResponse = Static<typeof DeviceResponse>;

/** The answer to device registration: the device plus a JWT for it. */
export const SyncDeviceResponse = withExample(
  Type.Composite([DeviceResponse, Type.Object({ jwt: Type.String() })]),
  {
    ...device,
    active: false,
    is_active: false,
    activated_at: null,
    jwt: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiI1ZjBjN2E4ZS0zYjFkIn0.c2lnbmF0dXJl',
  },
);
export type SyncDeviceResponse = Static<typeof SyncDeviceResponse>;

export const UserDeviceBody = withExample(
  Type.Object({ device_identifier: Identifier, user_identifier: Identifier }),
  { device_identifier: deviceId, user_identifier: 'alice@example.com' },
);
export type UserDeviceBody = Static<typeof UserDeviceBody>;

export const UserDeviceResponse = withExample(
  Type.Object({
    id: Type.String(),
    device_identifier: Type.String(),
    user_identifier: Type.String(),
    active: Type.Boolean(),
    activated_at: Timestamp,
  }),
  {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    device_identifier: deviceId,
    user_identifier: 'alice@example.com',
    active: true,
    activated_at: when,
  },
);
export type UserDeviceResponse = Static<typeof UserDeviceResponse>;

export const UserIdentifier = withExample(
  Type.Object({ svc_id: Identifier, identifier: Identifier }),
  { svc_id: svcId, identifier: 'alice@example.com' },
);
export type UserIdentifier = Static<typeof UserIdentifier>;

export const VerificationStatus = literalUnion([
  'UNVERIFIED',
  'UNVERIFIABLE',
  'VERIFIED',
  'FAILED',
]);
export type VerificationStatus = Static<typeof VerificationStatus>;

const str = Type.String({ maxLength: 256 });
const truncation = literalUnion(['TRUNCATED', 'NONE', 'UNKNOWN']);

/**
 * IdentityDocument / AAMVADriversLicense, every field of the spec with its allowed values. The
 * license fields are read in memory, never stored.
 */
export const IdentityDocumentBody = withExample(
  Type.Object({
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
    eye_color: Type.Optional(
      literalUnion([
        'BLACK',
        'BLUE',
        'BROWN',
        'GRAY',
        'GREEN',
        'HAZEL',
        'MAROON',
        'PINK',
        'DICHROMATIC',
        'UNKNOWN',
      ]),
    ),
    hair_color: Type.Optional(
      literalUnion(['BALD', 'BLACK', 'BLOND', 'BROWN', 'GREY', 'RED', 'SANDY', 'WHITE', 'UNKNOWN']),
    ),
    height: Type.Optional(Type.Number()),
    street_address: Type.Optional(str),
    street_address_supplement: Type.Optional(str),
    city: Type.Optional(str),
    state: Type.Optional(str),
    postal_code: Type.Optional(str),
    customer_id: Type.Optional(str),
    document_id: Type.Optional(str),
    country: Type.Optional(literalUnion(['UNITED_STATES', 'CANADA', 'UNKNOWN'])),
    first_name_truncation: Type.Optional(truncation),
    middle_name_truncation: Type.Optional(truncation),
    last_name_truncation: Type.Optional(truncation),
    place_of_birth: Type.Optional(str),
    audit_information: Type.Optional(str),
    inventory_control_number: Type.Optional(str),
    last_name_alias: Type.Optional(str),
    first_name_alias: Type.Optional(str),
    suffix_alias: Type.Optional(str),
    suffix: Type.Optional(
      literalUnion([
        'JUNIOR',
        'SENIOR',
        'FIRST',
        'SECOND',
        'THIRD',
        'FOURTH',
        'FIFTH',
        'SIXTH',
        'SEVENTH',
        'EIGHTH',
        'NINTH',
        'UNKNOWN',
      ]),
    ),
  }),
  {
    hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    type: 'AAMVA_DRIVERS_LICENSE',
    first_name: 'STEPHEN',
    last_name: 'SAMPLE',
    date_of_birth: '19800115',
    customer_id: 'DL000001',
  },
);
export type IdentityDocumentBody = Static<typeof IdentityDocumentBody>;

export const IdentityDocument = withExample(
  Type.Object({
    id: Type.String(),
    hash: Type.String(),
    type: Type.Literal('AAMVA_DRIVERS_LICENSE'),
    verification_status: VerificationStatus,
    verified_at: Timestamp,
  }),
  {
    id: '2c4e6a8b-0d1f-4a3c-9e5b-7d9f1b3d5f7a',
    hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    type: 'AAMVA_DRIVERS_LICENSE',
    verification_status: 'VERIFIED',
    verified_at: when,
  },
);
export type IdentityDocument = Static<typeof IdentityDocument>;

/** `GET /jwks`: the keys that verify the JWTs svc issues. */
export const Jwks = withExample(
  Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
  { keys: [{ ...authKey, kid: 'k1', alg: 'ES256', use: 'sig' }] },
);
export type Jwks = Static<typeof Jwks>;
