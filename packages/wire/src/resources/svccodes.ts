import { Type, type Static } from '@sinclair/typebox';
import { Identifier } from './identity.js';

/** Svccode flows (spec "Svccode flows"). */
export const CreateSvccodeBody = Type.Object({ relying_party_id: Identifier });
export type CreateSvccodeBody = Static<typeof CreateSvccodeBody>;

/**
 * `payload` is the text to show as a QR code; the device sends it back when it scans. It is a
 * compact JWS: `base64url(header).base64url(claims).base64url(HMAC-SHA256)`, header
 * `{"alg":"HS256","typ":"JWT"}`, keyed with a key only svc holds. Devices treat it as opaque;
 * a browser widget may read `exp` from the claims to know when to show a new code.
 */
export const Svccode = Type.Object({ id: Type.String(), payload: Type.String() });
export type Svccode = Static<typeof Svccode>;

/** The middle part of a svccode payload. */
export const SvccodeClaims = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', description: 'the svccode id' }),
  exp: Type.Integer({ minimum: 0, description: 'expiry, epoch milliseconds' }),
});
export type SvccodeClaims = Static<typeof SvccodeClaims>;

export const SvccodeStatus = Type.Object({ id: Type.String(), paired: Type.Boolean() });
export type SvccodeStatus = Static<typeof SvccodeStatus>;

/** The device pairs itself with the code it scanned. */
export const PairSvccodeBody = Type.Object({
  identifier: Identifier,
  payload: Type.String({ minLength: 1, maxLength: 512 }),
});
export type PairSvccodeBody = Static<typeof PairSvccodeBody>;

export const PairedSvccode = Type.Object({ id: Type.String(), identifier: Type.String() });
export type PairedSvccode = Static<typeof PairedSvccode>;

/** Binds the user who scanned a paired code to the relying party's identifier. */
export const UserBindingBody = Type.Object({ svccode_id: Identifier, user_identifier: Identifier });
export type UserBindingBody = Static<typeof UserBindingBody>;
