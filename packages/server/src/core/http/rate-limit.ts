import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { AppError, rateLimited } from '../errors.js';
import { routeConfig } from './route-config.js';

/** Requests per window; 0 turns a limit off. */
export interface RateLimits {
  windowSeconds: number;
  perAddress: number;
  perCredential: number;
  authFailuresPerAddress: number;
  authFailuresPerToken: number;
  /** Answers per second one customer gets while others are served too (fair-share.ts). */
  contendedPerSecond: number;
}

/**
 * Fixed-window counters of this process, on the injected clock. Keys of past windows are dropped
 * when the map grows, so a flood of distinct keys cannot grow it without bound.
 */
export class Counters {
  private readonly counts = new Map<string, { window: number; n: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private window(): number {
    return Math.floor(this.clock.ms() / this.windowMs);
  }

  count(key: string): number {
    const entry = this.counts.get(key);
    return entry?.window === this.window() ? entry.n : 0;
  }

  add(key: string): number {
    const window = this.window();
    const entry = this.counts.get(key);
    if (entry?.window === window) return ++entry.n;
    if (this.counts.size >= 100_000) this.prune(window);
    this.counts.set(key, { window, n: 1 });
    return 1;
  }

  /** Seconds until the current window ends: when a refused caller may come back. */
  retryAfter(): number {
    const end = (this.window() + 1) * this.windowMs;
    return Math.max(1, Math.ceil((end - this.clock.ms()) / 1000));
  }

  private prune(window: number): void {
    for (const [key, entry] of this.counts) if (entry.window !== window) this.counts.delete(key);
  }
}

/** The token an Authorization header presents (Bearer, SVC key, or the SVC HMAC token). */
function presentedToken(request: FastifyRequest): string | null {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return null;
  return /^(?:Bearer|SVC)\s+([^\s:]+)/i.exec(value.trim())?.[1] ?? null;
}

/** The link whose secret a page call presents, as the key of its failures. */
function linkOf(request: FastifyRequest): string {
  return `link:${(request.params as { id?: string }).id ?? ''}`;
}

/**
 * Per client address and per credential, and, far tighter, per address and per presented token for
 * failed authentication (401/403, and a wrong FIDO link secret). Counted in this process: N instances allow N times the limits.
 * The hooks are synchronous (callback style): counting needs no promise per request.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, clock: Clock): void {
  const counters = new Counters(clock, limits.windowSeconds * 1000);
  const over = (key: string, limit: number) => limit > 0 && counters.count(key) >= limit;
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      over(`fail-ip:${request.ip}`, limits.authFailuresPerAddress) ||
      (limits.perAddress > 0 && counters.add(`ip:${request.ip}`) > limits.perAddress)
    )
      return done(rateLimited(counters.retryAfter()));
    done();
  });
  // After authentication: the credential is known.
  app.addHook('preValidation', (request, _reply, done) => {
    const caller = request.caller;
    if (
      caller &&
      limits.perCredential > 0 &&
      counters.add(`credential:${caller.customerId}:${caller.kind}`) > limits.perCredential
    )
      return done(rateLimited(counters.retryAfter()));
    done();
  });
  // Failures are counted as they are answered. A token past its limit turns its further failures
  // into 429; its correctly authenticated requests still pass, so whoever merely knows a token
  // cannot lock its owner out.
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    const wrongLinkSecret = status === 404 && routeConfig(request).linkSecret === true;
    if (status !== 401 && status !== 403 && !wrongLinkSecret) return done(null, payload);
    counters.add(`fail-ip:${request.ip}`);
    const token = wrongLinkSecret ? linkOf(request) : presentedToken(request);
    const limit = limits.authFailuresPerToken;
    if (!token || limit === 0 || counters.add(`fail-token:${token}`) <= limit)
      return done(null, payload);
    void reply
      .code(429)
      .type('application/json; charset=utf-8')
      .header('retry-after', String(counters.retryAfter()));
    reply.removeHeader('www-authenticate');
    done(null, JSON.stringify(new AppError('RATE_LIMITED').body()));
  });
  // A raw answer has left already: its failure counts toward the address's next requests. An
  // access token refused with a Bearer (or DPoP) challenge does not: tokens expire in normal use,
  // and a relying party refreshes after the 401 (RFC 6750).
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const challenge = String(reply.raw.getHeader('www-authenticate') ?? '');
    if (
      routeConfig(request).answersRaw &&
      (status === 401 || status === 403) &&
      !/^(Bearer|DPoP)\b/i.test(challenge)
    )
      counters.add(`fail-ip:${request.ip}`);
    done();
  });
}
