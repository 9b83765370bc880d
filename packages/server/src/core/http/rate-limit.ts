import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError, rateLimited } from '../errors.js';
import type { LimiterStore } from '../limiters.js';

/** Requests per window; 0 turns a limit off. */
export interface RateLimits {
  windowSeconds: number;
  perAddress: number;
  perCredential: number;
  authFailuresPerAddress: number;
  authFailuresPerToken: number;
}

/** Whole seconds until the key's window ends, at least 1 (Retry-After). */
const retryAfterOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** `points` per window and key, or no limit at 0. */
class Limit {
  private readonly limiter: RateLimiterAbstract | null;

  constructor(
    private readonly points: number,
    options: Omit<IRateLimiterOptions, 'points'>,
    store: LimiterStore,
  ) {
    this.limiter = points > 0 ? store({ ...options, points }) : null;
  }

  /** Counts one request: the seconds to wait when that is past the limit, else null. */
  async take(key: string): Promise<number | null> {
    try {
      await this.limiter?.consume(key);
      return null;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return retryAfterOf(refused);
      throw refused;
    }
  }

  /** The seconds to wait when the key has used the limit up already, else null. */
  async reached(key: string): Promise<number | null> {
    const used = await this.limiter?.get(key);
    // A key whose window has ended may still be read before the store forgets it.
    const current = used && used.msBeforeNext > 0;
    return current && used.consumedPoints >= this.points ? retryAfterOf(used) : null;
  }

  /** Counts one against the key without refusing anything now. */
  async add(key: string): Promise<void> {
    await this.limiter?.penalty(key);
  }
}

/**
 * Per client address and per credential, and, far tighter, per address and per presented token for
 * failed authentication (401/403, and a wrong FIDO link secret). Counted where `store` keeps
 * them: on PostgreSQL, once for all instances (limiters.ts).
 */
export class RequestLimits {
  readonly perAddress: Limit;
  readonly perCredential: Limit;
  readonly failuresPerAddress: Limit;
  readonly failuresPerToken: Limit;

  constructor(limits: RateLimits, store: LimiterStore) {
    const limit = (points: number, keyPrefix: string) =>
      new Limit(points, { duration: limits.windowSeconds, keyPrefix }, store);
    this.perAddress = limit(limits.perAddress, 'ip');
    this.perCredential = limit(limits.perCredential, 'credential');
    this.failuresPerAddress = limit(limits.authFailuresPerAddress, 'fail-ip');
    this.failuresPerToken = limit(limits.authFailuresPerToken, 'fail-token');
  }
}

const limitsOf = (request: FastifyRequest): RequestLimits => request.server.httpCore.limits;

/**
 * The client an address stands for: an IPv6 address by its /64 (one subscriber's network), an
 * IPv4-mapped one as IPv4, and every loopback address (::1, 127.0.0.0/8) as one.
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (address === '::1' || address.startsWith('127.')) return 'loopback';
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The token an Authorization header presents (Bearer, SVC key, or the SVC HMAC token). */
function presentedToken(request: FastifyRequest): string | null {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return null;
  return /^(?:Bearer|SVC)\s+([^\s:]+)/i.exec(value.trim())?.[1] ?? null;
}

/**
 * A refused credential in the audit trail: in the log of the customer whose token it was (a known
 * token with a wrong signature, or of the wrong kind), else in svc's own. Never the token itself.
 * The refusal is answered even when the store cannot take the event.
 */
async function recordRefusal(request: FastifyRequest, status: number, token: string | null) {
  const { credentials, audit, db } = request.server.httpCore;
  const known = token && !token.startsWith('link:') ? await credentials.resolve(token) : null;
  await audit
    .of(request)
    .record(db, {
      action: 'credential.refused',
      customerId: known?.customerId ?? null,
      outcome: 'failure',
      actor: known ? { kind: known.kind, credential: known.credential } : {},
      targets: { link: token?.startsWith('link:') ? token.slice(5) : null },
      details: { status, route: request.routeOptions.url ?? null },
    })
    .catch((err: unknown) => request.log.error({ err }, 'audit event not recorded'));
}

/**
 * Counts a failed authentication from the request's client and of `token`'s. Past either limit,
 * further failures are answered 429; requests that authenticate still pass, so neither whoever
 * shares the client's address nor whoever merely knows a token can lock its owner out. Returns
 * the answer's payload.
 */
async function countFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
  payload: unknown,
): Promise<unknown> {
  const limits = limitsOf(request);
  const fromClient = await limits.failuresPerAddress.take(clientOf(request.ip));
  const ofToken = token ? await limits.failuresPerToken.take(token) : null;
  const retryAfter = fromClient ?? ofToken;
  if (retryAfter === null) {
    await recordRefusal(request, reply.statusCode, token);
    return payload;
  }
  void reply
    .code(429)
    .type('application/json; charset=utf-8')
    .header('retry-after', String(retryAfter));
  reply.removeHeader('www-authenticate');
  return JSON.stringify(new AppError('RATE_LIMITED').body());
}

/**
 * Every request from a client address before anything else runs; the 401/403 answers of every
 * route as they are sent. A CORS preflight is never refused: a refused one would hide the real
 * answer (a readable 429 with Retry-After) behind a CORS failure, and it costs nothing to answer.
 */
export function registerAddressLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' && !request.is404) return;
    const retryAfter = await limitsOf(request).perAddress.take(clientOf(request.ip));
    if (retryAfter !== null) throw rateLimited(retryAfter);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 && reply.statusCode !== 403) return payload;
    return countFailure(request, reply, presentedToken(request), payload);
  });
}

/** Requests per customer credential (of one kind); after the authentication step. */
export async function limitPerCredential(request: FastifyRequest): Promise<void> {
  const caller = request.caller;
  if (!caller) return;
  const key = `${caller.customerId}:${caller.kind}`;
  const retryAfter = await limitsOf(request).perCredential.take(key);
  if (retryAfter !== null) throw rateLimited(retryAfter);
}

/**
 * An onSend step of the routes whose body carries a link secret (`:id`'s): a 404 answer is a
 * wrong secret, counted and limited per address and per link like a wrong token.
 */
export async function countWrongLinkSecret(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 404) return payload;
  const link = `link:${(request.params as { id?: string }).id ?? ''}`;
  return countFailure(request, reply, link, payload);
}

/**
 * An onSend step of a route whose body carries a code that is its only credential (an enrollment
 * code): a 404 answer is a guessed code, counted and limited per address like a wrong token.
 */
export async function countWrongCode(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 404) return payload;
  return countFailure(request, reply, null, payload);
}

/**
 * An onRequest step of a route that answers on the raw response (the OpenID Provider): its
 * failures cannot be turned into 429 as they are sent, so a client past its failure limit is
 * refused on that route until its window ends (every other route still serves it).
 */
export async function refuseClientPastFailures(request: FastifyRequest): Promise<void> {
  const retryAfter = await limitsOf(request).failuresPerAddress.reached(clientOf(request.ip));
  if (retryAfter !== null) throw rateLimited(retryAfter);
}

/**
 * An onResponse step of a route that answers on the raw response (`reply.hijack()`, the OpenID
 * Provider), which no onSend hook sees: its refused client authentications (401/403) and refused
 * grants (a 400 from the token endpoint: a guessed, used or expired code) count toward the
 * client's next requests once sent. An access token refused with a Bearer (or DPoP) challenge
 * does not: tokens expire in normal use, and a relying party refreshes after the 401 (RFC 6750).
 */
export async function countRawAuthFailures(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const status = reply.statusCode;
  const challenge = String(reply.raw.getHeader('www-authenticate') ?? '');
  const refusedClient = (status === 401 || status === 403) && !/^(Bearer|DPoP)\b/i.test(challenge);
  const refusedGrant = status === 400 && /\/token(\?|$)/.test(request.url);
  if (refusedClient || refusedGrant)
    await limitsOf(request).failuresPerAddress.add(clientOf(request.ip));
}
