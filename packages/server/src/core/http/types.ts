import type { FastifyRequest } from 'fastify';
import type { DeviceKey } from '../crypto/device-sig.js';
import type { Caller } from '../customers.js';
import type { ErrorCode } from '../errors.js';
import type { CredentialKind, DevicesTable } from '../store/schema.js';

/** How a route authenticates: a bearer/API-key kind, HMAC kinds, or none. */
export type AuthKind = CredentialKind | 'none';

/** Finds the key an X-Device-Sig names by its RFC 7638 thumbprint. */
export type DeviceKeyLookup = (thumbprint: string) => Promise<DeviceKey | null>;

/**
 * Which X-Device-Sig a route needs: of a registered device of the authenticated customer (always,
 * or only from SDK callers), or of the key its validated request names (`keyOf` may refuse the
 * request first, e.g. 422 for a bad key or 424 for an unknown device).
 */
export type DeviceSigRule =
  boolean | 'sdk' | { keyOf: (request: FastifyRequest) => Promise<DeviceKeyLookup> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credential kinds accepted by the route; omitted means no authentication. */
    auth?: readonly AuthKind[];
    /** Catalog code used when the route's schema validation fails. */
    invalid?: ErrorCode;
    /** The route also needs X-Device-Sig (see DeviceSigRule). */
    deviceSig?: DeviceSigRule;
    /**
     * The body carries a link secret (`:id`'s): a 404 answer is a failed authentication, limited
     * per address and per link like a wrong token (rate-limit.ts).
     */
    linkSecret?: boolean;
    /**
     * The handler answers on the raw response (`reply.hijack()`, the OpenID Provider): no onSend
     * hook sees it, so its 401/403s are counted as failed authentication once sent, refused
     * access tokens excepted (rate-limit.ts).
     */
    answersRaw?: boolean;
    /** Browser widgets call the route from other origins. */
    cors?: boolean;
    /**
     * The answer carries a secret shown once: it is never kept for replays (replay.ts), so a
     * repeat runs again rather than reading the secret back from the database.
     */
    secretAnswer?: boolean;
    /** The body may be left out: no body validates as `{}`. */
    optionalBody?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The exact body bytes received; null when there was no body. */
    rawBody: Buffer | null;
    /** Set by the device signature check: the registered device that signed, as it read it. */
    signingDevice: DevicesTable | null;
  }
}
