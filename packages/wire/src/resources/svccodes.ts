import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';
import { Identifier } from './identity.js';

/** Svccode flows (spec "Svccode flows"). */
// Example values (made up).
const svccodeId = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const payload =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6IjBmOWU4ZDdjIiwiZXhwIjoxNzQ4ODU2OTAwMDAwfQ.bWFj';
const deviceId = '5f0c7a8e-3b1d-4e2a-9c6f-1d2e3f4a5b6c';

export const CreateSvccodeBody = withExample(Type.Object({ relying_party_id: Identifier }), {
  relying_party_id: 'c0ffee00-1234-4abc-9def-0123456789ab',
});
export type CreateSvccodeBody = Static<typeof CreateSvccodeBody>;

/**
 * `payload` is the text to show as a QR code; the device sends it back when it scans. It is a
 * compact JWS: `base64url(header).base64url(claims).base64url(HMAC-SHA256)`, header
 * `{"alg":"HS256","typ":"JWT"}`, keyed with a key only svc holds. Devices treat it as opaque;
 * a browser widget may read `exp` from the claims to know when to show a new code.
 */
export const Svccode = withExample(Type.Object({ id: Type.String(), payload: Type.String() }), {
  id: svccodeId,
  payload,
});
export type Svccode = Static<typeof Svccode>;

/** The middle part of a svccode payload. */
export const SvccodeClaims = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', description: 'the svccode id' }),
  exp: Type.Integer({ minimum: 0, description: 'expiry, epoch milliseconds' }),
});
export type SvccodeClaims = Static<typeof SvccodeClaims>;

export const SvccodeStatus = withExample(
  Type.Object({ id: Type.String(), paired: Type.Boolean() }),
  { id: svccodeId, paired: true },
);
export type SvccodeStatus = Static<typeof SvccodeStatus>;

/** The device pairs itself with the code it scanned. */
export const PairSvccodeBody = withExample(
  Type.Object({ identifier: Identifier, payload: Type.String({ minLength: 1, maxLength: 512 }) }),
  { identifier: deviceId, payload },
);
export type PairSvccodeBody = Static<typeof PairSvccodeBody>;

export const PairedSvccode = withExample(
  Type.Object({ id: Type.String(), identifier: Type.String() }),
  { id: svccodeId, identifier: deviceId },
);
export type PairedSvccode = Static<typeof PairedSvccode>;

/** Binds the user who scanned a paired code to the relying party's identifier. */
export const UserBindingBody = withExample(
  Type.Object({ svccode_id: Identifier, user_identifier: Identifier }),
  { svccode_id: svccodeId, user_identifier: 'alice@example.com' },
);
export type UserBindingBody = Static<typeof UserBindingBody>;
