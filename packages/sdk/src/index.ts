export { SvcApiError, type FetchLike } from './http.js';
export { RpClient, SignedClient, type Credentials, type SignedClientOptions } from './rp-client.js';
export { DeviceClient, type AcceptOptions, type WaitOptions } from './device-client.js';
export {
  deviceSigHeader,
  exportDeviceKeys,
  generateDeviceKeys,
  importDeviceKeys,
  publicJwk,
  signedPayload,
  signSha256,
  type DeviceKeys,
  type DeviceKeysJwk,
} from './device-keys.js';
export { answerPayloads, payloads, type AssuranceLevel } from './payloads.js';
export { licenseHash } from './license.js';
export type { Svcfication, SvcficationStatus } from '@svc/wire';
export { FidoClient, type FidoClientOptions } from './fido.js';
export { SandboxClient, type SandboxClientOptions } from './sandbox.js';
export { SvccodeClient, svccodeExpiry, type SvccodeClientOptions } from './svccode-client.js';
export { bindUser, getPairedSvccode, pairSvccode } from './pairing.js';

// The wire formats and resource types the clients speak, under the names this SDK has used.
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
  type MatchIndicator,
  type SandboxVerification,
  type SignedParts,
  type Svccode,
  type SvccodeStatus,
  type SyncDeviceResponse,
  type UserDeviceResponse as UserDevice,
} from '@svc/wire';
