// `@svc/sdk/svccode`: what an RP's web page needs to show a svccode and wait for the scan, and
// nothing else (no HMAC, keys or jose), so a page's bundle stays a few kilobytes. Like the main
// entry it imports nothing from Node (packages/server/test/sdk-browser-entry.test.ts).
export { SvccodeClient, svccodeExpiry, type SvccodeClientOptions } from './svccode-client.js';
export {
  NotFoundError,
  RateLimitError,
  ServerError,
  SvcApiError,
  ValidationError,
} from './errors.js';
export type { FetchLike } from './http.js';
export type { Svccode, SvccodeStatus } from '@svc/wire/web';
