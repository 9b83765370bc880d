// The browser entry, `@svc/sdk/svccode`: what an RP's web page needs to show a svccode and wait
// for the scan. It imports nothing from Node (the main entry does: HMAC, device keys, hashes),
// so bundlers targeting browsers take it as is (packages/server/test/sdk-browser-entry.test.ts).
export { SvccodeClient, svccodeExpiry, type SvccodeClientOptions } from './svccode-client.js';
export {
  NotFoundError,
  RateLimitError,
  ServerError,
  SvcApiError,
  ValidationError,
} from './errors.js';
export type { FetchLike } from './http.js';
export type { Svccode, SvccodeStatus } from '@svc/wire';
