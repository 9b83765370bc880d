import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { DeviceBody, Identifier, SyncDeviceResponse } from './identity.js';
import { literalUnion } from './literal-union.js';
import { PushChannel } from './push.js';

/** Enrollment: a single-use link that puts a phone on an RP user in one step. */
// Example values (made up).
const enrollmentId = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const code = 'q7Zk1n3XwVb8mLr2Ty6Hc0sJp4Ue9Ga5Df1Kx7Nb3Qw';
const deviceId = '5f0c7a8e-3b1d-4e2a-9c6f-1d2e3f4a5b6c';
const when = '2025-06-02T10:15:00.000Z';

/** Seconds an enrollment stays redeemable: 10 minutes unless the RP asks for 1 to 60. */
export const enrollmentTtl = { default: 600, minimum: 60, maximum: 3600 } as const;

export const CreateEnrollmentBody = withExample(
  Type.Object({
    user_identifier: Identifier,
    expires_in: Type.Optional(
      Type.Integer({ ...enrollmentTtl, description: 'seconds the link stays redeemable' }),
    ),
    callback_url: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: 'notified once (through the outbox) when a device enrolls',
      }),
    ),
    replace_devices: Type.Optional(
      Type.Boolean({
        description:
          'true when the user moves to a new phone: redeeming deactivates the devices bound to the identifier (default false)',
      }),
    ),
  }),
  { user_identifier: 'alice', callback_url: 'https://rp.example.com/svc/enrolled' },
);
export type CreateEnrollmentBody = Static<typeof CreateEnrollmentBody>;

export const EnrollmentStatus = literalUnion(['PENDING', 'ENROLLED', 'EXPIRED']);
export type EnrollmentStatus = Static<typeof EnrollmentStatus>;

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const enrollment = {
  id: enrollmentId,
  user_identifier: 'alice',
  status: 'PENDING' as const,
  device_identifier: null,
  expires_at: when,
  enrolled_at: null,
};
export const Enrollment = withExample(
  Type.Object({
    id: Type.String(),
    user_identifier: Type.String(),
    status: EnrollmentStatus,
    device_identifier: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.String({ format: 'date-time' }),
    enrolled_at: Timestamp,
  }),
  { ...enrollment, status: 'ENROLLED', device_identifier: deviceId, enrolled_at: when },
);
export type Enrollment = Static<typeof Enrollment>;

/**
 * The new enrollment with what only its creator sees: the `code`, the `link` that carries it
 * (`{public URL}/enroll#{code}`: the fragment never reaches a server log) and `qr`, an SVG of the
 * link for the RP's page.
 */
export const CreatedEnrollment = withExample(
  Type.Composite([
    Enrollment,
    Type.Object({ code: Type.String(), link: Type.String(), qr: Type.String() }),
  ]),
  {
    ...enrollment,
    code,
    link: `https://svc.example.com/enroll#${code}`,
    qr: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41">…</svg>',
  },
);
export type CreatedEnrollment = Static<typeof CreatedEnrollment>;

export const EnrollmentCode = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'the code the enrollment link carries after `#`',
});

/**
 * The phone's keys (as `POST /devices` takes them), the code and, optionally, the push channel
 * that wakes it; signed with the device key.
 */
export const RedeemEnrollmentBody = withExample(
  Type.Composite([
    DeviceBody,
    Type.Object({ code: EnrollmentCode, push_channel: Type.Optional(PushChannel) }),
  ]),
  { ...(DeviceBody.examples as DeviceBody[])[0]!, code },
);
export type RedeemEnrollmentBody = Static<typeof RedeemEnrollmentBody>;

/**
 * The enrolled device: registered, bound to `user_identifier` and active, with its JWT and the
 * device credentials that sign its own calls (shown once; only their hash and sealed secret are
 * kept).
 */
export const EnrolledDevice = withExample(
  Type.Composite([
    SyncDeviceResponse,
    Type.Object({
      user_identifier: Type.String(),
      device_credentials: Type.Object({ token: Type.String(), secret: Type.String() }),
    }),
  ]),
  {
    ...(SyncDeviceResponse.examples as SyncDeviceResponse[])[0]!,
    active: true,
    is_active: true,
    activated_at: when,
    user_identifier: 'alice',
    device_credentials: {
      token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJraW5kIjoiZGV2aWNlIn0.c2ln',
      secret: 'xV3r9LmQ2tZ8yK1wN6bH4cJ7pD0sF5gA2eR8uT3iO9k',
    },
  },
);
export type EnrolledDevice = Static<typeof EnrolledDevice>;
