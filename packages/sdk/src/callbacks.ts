import { createRemoteJWKSet, customFetch, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import {
  callbackBinding,
  type FidoAuthentication,
  type FidoRegistration,
  type Svcfication,
} from '@svc/wire/web';
import { joinUrl, type FetchLike } from './http.js';

/** What svc POSTs to a `callback_url`: a svcfication, or a FIDO registration or authentication. */
export type CallbackResource = Svcfication | FidoRegistration | FidoAuthentication;

/** A callback whose `jwt` verified and matches its body. */
export interface VerifiedCallback<T> {
  /** The resource as delivered, without `jwt`. */
  resource: T;
  /**
   * `X-Svc-Delivery`: the same for every retry of one delivery. Store it and ignore a callback
   * whose id you have seen (svc retries until it gets a 2xx, so a receiver may see one twice).
   */
  deliveryId: string;
  /** The signing key (`kid`) and when svc signed the callback (`iat`). */
  kid: string;
  issuedAt: Date;
}

/** Header lookups: fetch `Headers`, or Node's `IncomingHttpHeaders` / any record of them. */
export type CallbackHeaders =
  Headers | Record<string, string | readonly string[] | undefined> | Iterable<[string, string]>;

/** A callback that must not be trusted; `reason` says why. */
export class CallbackVerificationError extends Error {
  override name = 'CallbackVerificationError';
  constructor(
    readonly reason:
      | 'MALFORMED'
      | 'NO_DELIVERY_ID'
      | 'BAD_SIGNATURE'
      | 'NOT_A_CALLBACK'
      | 'WRONG_CUSTOMER'
      | 'BODY_MISMATCH',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface CallbackVerifierOptions {
  /** svc's base URL; keys come from `${baseUrl}/jwks`. */
  baseUrl: string;
  /**
   * Your customer id (`id` in `svc customers create --json`; the `sub` of your credentials'
   * tokens, where `RpClient` and `FidoClient` read it): a callback svc sent to another customer
   * is refused.
   */
  customerId: string;
  fetch?: FetchLike;
  /**
   * How soon after a fetch of /jwks an unknown `kid` may trigger another (default 5 s): a
   * rotated key is picked up at once, and forged kids cannot make every request fetch.
   */
  jwksCooldownMs?: number;
  /** How long fetched keys are trusted before they are fetched again (default 10 min). */
  jwksMaxAgeMs?: number;
  /**
   * Refuse callbacks signed longer ago than this, in seconds (default: no limit; svc retries a
   * delivery for 24 h with the JWT it signed at the state change).
   */
  maxAgeSeconds?: number;
}

/**
 * Checks callbacks from svc: the `jwt` is an ES256 JWT over the delivered object whose `kid` is
 * in svc's `/jwks` (fetched once, cached, refetched for an unknown `kid`), its header marks it a
 * callback for your customer id (so neither another customer's callback nor any other JWT of svc
 * passes), and its claims equal the body (less `jwt`; plus `iat`). Hand it the raw body or the
 * parsed one, and the headers.
 */
export class CallbackVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  constructor(private readonly options: CallbackVerifierOptions) {
    if (!options.customerId) throw new Error('A CallbackVerifier needs your customerId.');
    const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.keys = createRemoteJWKSet(new URL(joinUrl(options.baseUrl, '/jwks')), {
      cooldownDuration: options.jwksCooldownMs ?? 5_000,
      cacheMaxAge: options.jwksMaxAgeMs ?? 600_000,
      [customFetch]: (url, init) => fetcher(url, init),
    });
  }

  async verify<T extends object = CallbackResource>(
    body: string | Uint8Array | object,
    headers: CallbackHeaders,
  ): Promise<VerifiedCallback<T>> {
    const deliveryId = header(headers, 'x-svc-delivery');
    if (!deliveryId)
      throw new CallbackVerificationError('NO_DELIVERY_ID', 'X-Svc-Delivery is missing.');
    const { jwt, ...resource } = parse(body);
    if (typeof jwt !== 'string')
      throw new CallbackVerificationError('MALFORMED', 'The callback has no jwt.');
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(jwt, this.keys, {
        algorithms: ['ES256'],
        ...(this.options.maxAgeSeconds === undefined
          ? {}
          : { maxTokenAge: this.options.maxAgeSeconds }),
      });
    } catch (cause) {
      throw new CallbackVerificationError('BAD_SIGNATURE', 'The callback jwt does not verify.', {
        cause,
      });
    }
    checkBinding(verified.protectedHeader, this.options.customerId);
    const { iat, ...claims } = verified.payload;
    if (!sameJson(claims, resource))
      throw new CallbackVerificationError('BODY_MISMATCH', 'The body differs from its jwt.');
    return {
      resource: resource as T,
      deliveryId,
      kid: verified.protectedHeader.kid ?? '',
      issuedAt: new Date((iat ?? 0) * 1000),
    };
  }
}

/** The customer id that credentials' token (server credentials, FIDO API key) is issued to. */
export function customerIdOf(token: string): string {
  let sub: unknown;
  try {
    sub = decodeJwt(token).sub;
  } catch {
    // Not a JWT: said below.
  }
  if (typeof sub !== 'string' || !sub)
    throw new Error('The credentials name no customer; use a CallbackVerifier with customerId.');
  return sub;
}

/** The header's binding (wire's `callbackBinding`): a callback, for this customer. */
function checkBinding(header: Record<string, unknown>, customerId: string): void {
  const expected = callbackBinding(customerId);
  if (header.svc_purpose !== expected.svc_purpose)
    throw new CallbackVerificationError('NOT_A_CALLBACK', 'The jwt is not a callback of svc.');
  if (header.svc_customer !== expected.svc_customer)
    throw new CallbackVerificationError('WRONG_CUSTOMER', 'The callback is for another customer.');
}

function parse(body: string | Uint8Array | object): Record<string, unknown> {
  let value: unknown = body;
  try {
    if (typeof body === 'string') value = JSON.parse(body);
    else if (body instanceof Uint8Array) value = JSON.parse(new TextDecoder().decode(body));
  } catch (cause) {
    throw new CallbackVerificationError('MALFORMED', 'The callback body is not JSON.', { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CallbackVerificationError('MALFORMED', 'The callback body is not a JSON object.');
  return value as Record<string, unknown>;
}

function header(headers: CallbackHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entries: Iterable<[string, unknown]> =
    Symbol.iterator in headers ? headers : Object.entries(headers);
  for (const [key, value] of entries) {
    if (key.toLowerCase() !== name) continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

/** Deep equality of JSON values, key order aside. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown> | JWTPayload;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => Object.hasOwn(right, k) && sameJson(left[k], right[k]));
}
