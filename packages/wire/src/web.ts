// `@svc/wire/web`: what clients need of the wire, on web-standard APIs only (WebCrypto,
// TextEncoder, btoa). Nothing from Node and no Buffer, so browsers, Deno, Bun and React Native
// run it as Node does; @svc/sdk imports only this entry. The server's entry (index.ts) has the
// same formats with Node's synchronous HMAC and the parsers.
export { hmacSignature, stringToSign, svcAuthorization } from './hmac-web.js';
export type { SignedParts } from './string-to-sign.js';
export { buildDeviceSig } from './device-sig.js';
export { encodePayload } from './payloads.js';
export type * from './payloads.js';
export { presenceChallenge, presenceCredentialChallenge } from './presence.js';
export { encodeBase64 } from './base64.js';
export { callbackBinding, type CallbackBinding } from './callbacks.js';
export type * from './resources/errors.js';
export type * from './resources/identity.js';
export type * from './resources/svcfications.js';
export type * from './resources/svccodes.js';
export type * from './resources/enrollments.js';
export type * from './resources/push.js';
export type * from './resources/presence.js';
export type * from './resources/sandbox.js';
export type * from './resources/name.js';
export type * from './resources/fido.js';
export type * from './resources/fido-pages.js';
export type * from './resources/fido-credentials.js';
export type * from './resources/audit.js';
export type * from './resources/console.js';
export {
  auditEntry,
  leafHash,
  openCheckpoint,
  verifyConsistency,
  verifyInclusion,
  type Checkpoint,
} from './audit/index.js';
