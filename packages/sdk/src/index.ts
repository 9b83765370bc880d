export { SvcApiError, type FetchLike } from './http.js';
export { SandboxClient, type AamvaFields, type MatchIndicator, type SandboxClientOptions, type SandboxVerification } from './sandbox.js';
