// The main entry: every client, on web-standard APIs only (fetch, WebCrypto), so it runs in
// browsers, Deno, Bun and React Native as in Node (packages/server/test/sdk-browser-entry.test.ts
// bundles it for browsers). What needs Node is in `@svc/sdk/node` (node.ts).
export type { FetchLike } from './http.js';
export {
  ConflictError,
  CredentialsError,
  DependencyError,
  GoneError,
  NoDocumentsError,
  NotFoundError,
  RateLimitError,
  ResponseSignatureError,
  ServerError,
  SvcApiError,
  SvcficationClosedError,
  TooLargeError,
  ValidationError,
} from './errors.js';
export {
  SignedClient,
  type Credentials,
  type SignedClientOptions,
  type SignedResponse,
} from './signed-client.js';
export { RpClient, type HistoryOptions } from './rp-client.js';
export { AuditLog, AuditVerificationError, type AuditFilter } from './audit.js';
export { ConsoleClient, type ConsoleClientOptions, type Page } from './console.js';
export type {
  SvcficationInput,
  SvcficationLevel,
  SvcficationOptions,
  SvcficationTarget,
} from './svcfication-input.js';
export {
  CallbackVerificationError,
  CallbackVerifier,
  type CallbackHeaders,
  type CallbackResource,
  type CallbackVerifierOptions,
  type VerifiedCallback,
} from './callbacks.js';
export { LegacyClient, type LegacyVerificationInput } from './legacy-client.js';
export {
  DeviceClient,
  readEnrollmentLink,
  type AcceptOptions,
  type EnrollOptions,
  type RegisterOptions,
  type WaitOptions,
} from './device-client.js';
export {
  exportDeviceKeys,
  generateDeviceKeys,
  importDeviceKeys,
  publicJwk,
  type DeviceKeys,
  type DeviceKeysJwk,
  type KeyOptions,
} from './device-keys.js';
export { deviceSigHeader, signedPayload, signSha256 } from './device-signatures.js';
export type { DeviceKeyStore } from './key-store.js';
export { indexedDbKeyStore } from './indexed-db-key-store.js';
export {
  answerPayloads,
  payloads,
  type AnswerOptions,
  type AssuranceLevel,
  type PresenceAssert,
} from './payloads.js';
export { licenseHash } from './license.js';
export { LicenseBarcodeError, readLicenseBarcode, type LicenseFields } from './aamva.js';
export { FidoClient, type FidoClientOptions } from './fido.js';
export { SandboxClient, type SandboxClientOptions } from './sandbox.js';
export { SvccodeClient, svccodeExpiry, type SvccodeClientOptions } from './svccode-client.js';
export { bindUser, getPairedSvccode, pairSvccode } from './pairing.js';

// The wire formats and resource types the clients speak, under the names this SDK has used (the
// HMAC functions are asynchronous, on WebCrypto).
export {
  hmacSignature,
  stringToSign,
  svcAuthorization,
  type Aamva as AamvaFields,
  type DeviceResponse,
  type FidoAuthentication,
  type FidoLink,
  type FidoOrganization,
  type FidoOrganizationBody as FidoOrganizationInput,
  type FidoRedirectUri,
  type FidoRegistration,
  type FidoStatus,
  type FidoUser,
  type IdentityDocument,
  type IdentityDocumentBody,
  type LegacyVerification,
  type MatchIndicator,
  type PairedSvccode,
  type PushChannel,
  type PushMessage,
  type SandboxVerification,
  type SignedParts,
  type Svccode,
  type SvccodeStatus,
  type Svcfication,
  type SvcficationResult,
  type SvcficationStatus,
  type SyncDeviceResponse,
  type UserDeviceResponse as UserDevice,
} from '@svc/wire/web';
