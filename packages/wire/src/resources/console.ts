import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { literalUnion } from './literal-union.js';
import { FidoCredential } from './fido-credentials.js';
import { FidoOrganization, FidoUser, OidcClientSettings } from './fido.js';
import { VerificationStatus } from './identity.js';
import { SvcficationStatus } from './svcfications.js';

/**
 * The console's admin API (`/api/admin`): who signed in, with which role, and what an operator or
 * a customer's admin sees. The console page is one client of it; the SDK's ConsoleClient another.
 */

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const time = Type.String({ format: 'date-time' });
const id = Type.String({ minLength: 1, maxLength: 64 });
const cursor = nullable(Type.String({ description: 'pass as `after` for the next page' }));

/** operator: svc itself; admin and viewer: one customer's (a viewer changes nothing). */
export const ConsoleRole = literalUnion(['operator', 'admin', 'viewer']);
export type ConsoleRole = Static<typeof ConsoleRole>;

export const ConsoleAccount = Type.Object({
  id,
  name: Type.String({ maxLength: 100 }),
  role: ConsoleRole,
  customer_id: nullable(id),
  created_at: time,
});
export type ConsoleAccount = Static<typeof ConsoleAccount>;

export const ConsoleSession = withExample(
  Type.Object({
    account: ConsoleAccount,
    /** Sent back as `X-CSRF-Token` on every write; the session cookie alone writes nothing. */
    csrf_token: Type.String(),
    expires_at: time,
  }),
  {
    account: {
      id: '0b8e6a52-41c9-4d5e-9a57-3f0d1c2b7e11',
      name: 'Ada',
      role: 'admin',
      customer_id: 'c4f1d2a0-5b6e-4c7d-8e9f-0a1b2c3d4e5f',
      created_at: '2026-12-01T09:00:00.000Z',
    },
    csrf_token: 'kq3J0W0b7s2y3xQ9bJ0vXoV6b2c1mB4n8dS0x1y2z3A',
    expires_at: '2026-12-01T21:00:00.000Z',
  },
);
export type ConsoleSession = Static<typeof ConsoleSession>;

/** A WebAuthn ceremony the page runs: its options, and the handle to answer it with. */
export const ConsoleCeremony = Type.Object({
  ceremony: Type.String({ description: 'sent back with the response' }),
  options: Type.Object({}, { additionalProperties: true, description: 'WebAuthn options JSON' }),
});
export type ConsoleCeremony = Static<typeof ConsoleCeremony>;

export const ConsoleCeremonyAnswer = Type.Object({
  ceremony: Type.String({ minLength: 1, maxLength: 200 }),
  response: Type.Object({}, { additionalProperties: true, description: 'the WebAuthn response' }),
});
export type ConsoleCeremonyAnswer = Static<typeof ConsoleCeremonyAnswer>;

export const InvitationInput = Type.Object({
  role: ConsoleRole,
  name: Type.String({ minLength: 1, maxLength: 100, description: "the invitee's name" }),
  customer_id: Type.Optional(id),
});
export type InvitationInput = Static<typeof InvitationInput>;

export const Invitation = Type.Object({
  id,
  role: ConsoleRole,
  name: Type.String(),
  customer_id: nullable(id),
  /** Shown once: the single-use link that enrolls the invitee's passkey. */
  invitation_link: Type.String(),
  expires_at: time,
});
export type Invitation = Static<typeof Invitation>;

export const CustomerCredentialKind = literalUnion(['server', 'sdk', 'user', 'sandbox', 'fido']);
export type CustomerCredentialKind = Static<typeof CustomerCredentialKind>;

export const ConsoleCustomer = Type.Object({
  id,
  name: Type.String(),
  created_at: time,
  status: literalUnion(['active', 'revoked']),
  credentials: Type.Array(CustomerCredentialKind),
  credentials_issued_at: nullable(time),
});
export type ConsoleCustomer = Static<typeof ConsoleCustomer>;
export const ConsoleCustomerList = Type.Object({ customers: Type.Array(ConsoleCustomer) });
export type ConsoleCustomerList = Static<typeof ConsoleCustomerList>;

const CredentialPair = Type.Object({ token: Type.String(), secret: Type.String() });

/** Credentials as issued: shown once, never again (the fields of `svc customers create --json`). */
export const IssuedCredentials = Type.Object({
  id,
  name: Type.String(),
  server_credentials: Type.Optional(CredentialPair),
  sdk_credentials: Type.Optional(CredentialPair),
  user_credentials: Type.Optional(CredentialPair),
  sandbox_token: Type.Optional(Type.String()),
  fido_api_key: Type.Optional(Type.String()),
});
export type IssuedCredentials = Static<typeof IssuedCredentials>;

export const DeliveryKind = literalUnion(['callback', 'sms', 'push', 'ciba_ping']);
export const DeliveryState = literalUnion(['pending', 'delivered', 'dead']);

export const DeliveryAttempt = Type.Object({
  at: time,
  outcome: literalUnion(['delivered', 'failed']),
  duration_ms: Type.Integer(),
  error: nullable(Type.String()),
});
export type DeliveryAttempt = Static<typeof DeliveryAttempt>;

/** An outbox item: a callback, a push wake-up, an SMS or a CIBA ping, and its attempts. */
export const Delivery = Type.Object({
  id,
  kind: DeliveryKind,
  state: DeliveryState,
  /** The callback URL or push provider; an SMS shows no number. */
  target: Type.String(),
  customer_id: nullable(id),
  created_at: time,
  next_attempt_at: time,
  attempts: Type.Array(DeliveryAttempt),
  last_error: nullable(Type.String()),
  replay_of: nullable(id),
});
export type Delivery = Static<typeof Delivery>;
export const DeliveryList = Type.Object({ deliveries: Type.Array(Delivery), next_cursor: cursor });
export type DeliveryList = Static<typeof DeliveryList>;

export const ConsoleHealth = Type.Object({
  outbox: Type.Array(
    Type.Object({ kind: DeliveryKind, state: DeliveryState, count: Type.Integer() }),
  ),
  /** Items that gave up (dead), newest first: their error and a retry. */
  parked: Type.Array(Delivery),
  /** Push channels whose last send failed, by provider. */
  push_failures: Type.Array(Type.Object({ channel: Type.String(), count: Type.Integer() })),
});
export type ConsoleHealth = Static<typeof ConsoleHealth>;

/** svc's own counters now: the page samples them to draw its charts. */
export const ConsoleMetrics = Type.Object({
  at: time,
  requests: Type.Array(
    Type.Object({ outcome: Type.String(), count: Type.Number(), seconds: Type.Number() }),
  ),
});
export type ConsoleMetrics = Static<typeof ConsoleMetrics>;

/** A device bound to a user identifier: the device's state and the binding's. */
export const ConsoleDevice = Type.Object({
  binding_id: id,
  device_identifier: Type.String(),
  device_platform: Type.String(),
  device_active: Type.Boolean(),
  binding_active: Type.Boolean(),
  push_channel: nullable(Type.String({ description: 'web_push, fcm or apns' })),
});
export const ConsoleUser = Type.Object({
  user_identifier: Type.String(),
  created_at: time,
  devices: Type.Array(ConsoleDevice),
});
export type ConsoleUser = Static<typeof ConsoleUser>;
export const ConsoleUserList = Type.Object({
  users: Type.Array(ConsoleUser),
  next_cursor: cursor,
});
export type ConsoleUserList = Static<typeof ConsoleUserList>;

export const ConsoleSvcfication = Type.Object({
  id,
  status: SvcficationStatus,
  action: Type.String(),
  resource: Type.String(),
  user_identifier: nullable(Type.String()),
  desired_level: Type.Integer(),
  created_at: time,
  expires_at: time,
});
export type ConsoleSvcfication = Static<typeof ConsoleSvcfication>;
export const ConsoleSvcficationList = Type.Object({
  svcfications: Type.Array(ConsoleSvcfication),
  next_cursor: cursor,
});
export type ConsoleSvcficationList = Static<typeof ConsoleSvcficationList>;

/** The customer's FIDO users, each with its passkeys. */
export const ConsolePasskeyUserList = Type.Object({
  users: Type.Array(
    Type.Composite([FidoUser, Type.Object({ passkeys: Type.Array(FidoCredential) })]),
  ),
  next_cursor: cursor,
});
export type ConsolePasskeyUserList = Static<typeof ConsolePasskeyUserList>;

/** An identity document as svc keeps it: its hash and status, never a license field. */
export const ConsoleDocument = Type.Object({
  id,
  user_identifier: nullable(Type.String()),
  hash: Type.String(),
  verification_status: VerificationStatus,
  verified_at: nullable(time),
  created_at: time,
});
export const ConsoleDocumentList = Type.Object({
  documents: Type.Array(ConsoleDocument),
  next_cursor: cursor,
});
export type ConsoleDocumentList = Static<typeof ConsoleDocumentList>;

/** The customer's FIDO organization (with its redirect URIs) and its OpenID client; null: none. */
export const ConsoleFido = Type.Object({
  organization: Type.Union([FidoOrganization, Type.Null()]),
  oidc_client: Type.Union([OidcClientSettings, Type.Null()]),
});
export type ConsoleFido = Static<typeof ConsoleFido>;
