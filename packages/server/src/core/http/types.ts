import type { FastifyRequest } from 'fastify';
import type { ConsoleRole } from '@svc/wire';
import type { AuditTrail } from '../audit/trail.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { DeviceKey } from '../crypto/device-sig.js';
import type { Caller, CredentialResolver } from '../customers.js';
import type { Ids } from '../ids.js';
import type { Db } from '../store/index.js';
import type { CredentialKind, DevicesTable } from '../store/schema.js';
import type { LongPolls } from './long-polls.js';
import type { RequestLimits } from './rate-limit.js';

/** How a route authenticates: a bearer/API-key kind, HMAC kinds, a console session, or none. */
export type AuthKind = CredentialKind | 'console' | 'none';

/** Finds the key an X-Device-Sig names by its RFC 7638 thumbprint. */
export type DeviceKeyLookup = (thumbprint: string) => Promise<DeviceKey | null>;

/** A console account signed in (areas/console): the actor of the changes it makes. */
export interface ConsoleUser {
  account: string;
  role: ConsoleRole;
  /** Null for an operator. */
  customerId: string | null;
  /** The first 16 hex digits of the session token's SHA-256. */
  session: string;
}

/** What the route steps stand on (`request.server.httpCore`), set once by `registerHttpCore`. */
export interface HttpCore {
  db: Db;
  credentials: CredentialResolver;
  /** Records refused credentials (rate-limit.ts counts them as they are sent). */
  audit: AuditTrail;
  clock: Clock;
  ids: Ids;
  /** Seals the answers kept for replays (replay.ts). */
  box: SecretBox;
  /** The signed Date window; an exact HMAC replay is remembered for twice this. */
  skewSeconds: number;
  /** How long a device-signature nonce is remembered. */
  nonceRetentionMs: number;
  /** A customer's registered device keys by RFC 7638 thumbprint, for X-Device-Sig. */
  deviceKey(customerId: string, thumbprint: string): Promise<DeviceKey | null>;
  limits: RequestLimits;
  longPolls: LongPolls;
}

declare module 'fastify' {
  interface FastifyInstance {
    httpCore: HttpCore;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The exact body bytes received; null when there was no body. */
    rawBody: Buffer | null;
    /** Set by the device signature check: the registered device that signed, as it read it. */
    signingDevice: DevicesTable | null;
    /** Set by the console's session step: the signed-in console account. */
    consoleUser: ConsoleUser | null;
  }
}

/** The steps' shared dependencies, from the app the request came to. */
export const httpCoreOf = (request: FastifyRequest): HttpCore => request.server.httpCore;
