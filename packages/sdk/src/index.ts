export { SvcApiError, type FetchLike } from './http.js';
export { hmacSignature, stringToSign, svcAuthorization, type SignedParts } from './hmac.js';
export {
  RpClient,
  SignedClient,
  type Credentials,
  type DeviceResponse,
  type IdentityDocument,
  type SignedClientOptions,
  type UserDevice,
} from './rp-client.js';
export {
  DeviceClient,
  deviceSigHeader,
  generateDeviceKeys,
  payloads,
  publicJwk,
  signedPayload,
  signSha256,
  type DeviceKeys,
  type SyncDeviceResponse,
} from './device-client.js';
export {
  FidoClient,
  type FidoAuthentication,
  type FidoClientOptions,
  type FidoLink,
  type FidoOrganization,
  type FidoOrganizationInput,
  type FidoRedirectUri,
  type FidoRegistration,
  type FidoStatus,
  type FidoUser,
} from './fido.js';
export {
  SandboxClient,
  type AamvaFields,
  type MatchIndicator,
  type SandboxClientOptions,
  type SandboxVerification,
} from './sandbox.js';
export {
  SvccodeClient,
  type Svccode,
  type SvccodeClientOptions,
  type SvccodeStatus,
} from './svccode-client.js';
export { bindUser, getPairedSvccode, pairSvccode } from './pairing.js';
