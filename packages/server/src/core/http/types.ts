import type { Caller } from '../customers.js';
import type { ErrorCode } from '../errors.js';
import type { CredentialKind } from '../store/schema.js';

/** How a route authenticates: a bearer/API-key kind, HMAC kinds, or none. */
export type AuthKind = CredentialKind | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credential kinds accepted by the route; omitted means no authentication. */
    auth?: readonly AuthKind[];
    /** Catalog code used when the route's schema validation fails. */
    invalid?: ErrorCode;
    /** The route also needs X-Device-Sig of a registered device: always, or only from SDK callers. */
    deviceSig?: boolean | 'sdk';
    /** Browser widgets call the route from other origins. */
    cors?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The exact body bytes received; null when there was no body. */
    rawBody: Buffer | null;
    /** Set by the device signature check: the signing device's identifier. */
    deviceId: string | null;
  }
}
