import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { registerJsonBody } from './body.js';
import { registerCorsPaths } from './cors.js';
import { registerErrorHandling } from './errors.js';
import { fairShare } from './fair-share.js';
import { registerAccessLog } from './access-log.js';
import { registerMetrics } from './metrics.js';
import { LongPolls, type LongPollCaps } from './long-polls.js';
import { registerAddressLimits, RequestLimits, type RateLimits } from './rate-limit.js';
import { registerReplayAnswers } from './replay.js';
import { registerResponseSigning } from './response-signing.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerUrlChecks } from './url.js';
import { registerValidation } from './validation.js';
import type { LimiterStore } from '../limiters.js';
import type { HttpCore } from './types.js';

export { frameworkErrors } from './errors.js';
export { maxParamLength } from './url.js';

export interface HttpCoreDeps extends Omit<HttpCore, 'limits' | 'longPolls'> {
  rateLimits: RateLimits;
  /** Where the request limits count (limiters.ts). */
  limiters: LimiterStore;
  longPollCaps: LongPollCaps;
  /** Answers per second one customer gets while others are served too (fair-share.ts). */
  contendedPerSecond: number;
}

/**
 * What every request passes, whatever its route; the steps a route adds (authentication, limits,
 * replay claim, device signature) are listed in its route table. Hooks of one phase run in the
 * order they are registered here, and before the route's own.
 */
export function registerHttpCore(
  app: FastifyInstance,
  deps: HttpCoreDeps,
  metrics: Registry,
): void {
  const { rateLimits, limiters, contendedPerSecond, longPollCaps, ...core } = deps;
  const limits = new RequestLimits(rateLimits, limiters);
  app.decorate('httpCore', { ...core, limits, longPolls: new LongPolls(longPollCaps) });
  app.decorateRequest('caller', null);
  app.decorateRequest('signingDevice', null);
  app.decorateRequest('consoleUser', null);

  // Every answer of a CORS route's path is readable cross-origin, also one no route made
  // (cors.ts). Then malformed URLs are refused (400/414) for everyone.
  registerCorsPaths(app);
  registerUrlChecks(app);

  // Parsing and validation: JSON bodies only (their exact bytes kept for the HMAC), strict bodies,
  // coerced params and query strings; every failure answers from the one error catalog.
  registerJsonBody(app);
  registerValidation(app);
  registerErrorHandling(app);

  // Limits per client address (onRequest) and failed authentication, counted as 401/403 answers
  // are sent (onSend: 429 past a token's limit).
  registerAddressLimits(app);

  // The answers of replay-claimed writes are kept, or their claims released, once final (onSend);
  // each route's last preHandler marks that its handler runs.
  registerReplayAnswers(app);

  // onSend, in this order: signing, security headers (they see the final content type).
  registerResponseSigning(app, deps.clock);
  registerSecurityHeaders(app);

  // onResponse: latency by route and status at /metrics, one access line per request.
  registerMetrics(app, metrics);
  registerAccessLog(app);

  // The last onSend hook: the fair share holds answers, so it comes after everything else.
  void app.register(fairShare, { perSecond: contendedPerSecond, registry: metrics });
}
