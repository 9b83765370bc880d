import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { registerAuth, registerDeviceSig, type AuthDeps } from './auth.js';
import { registerJsonBody } from './body.js';
import { registerCors } from './cors.js';
import { registerErrorHandling } from './errors.js';
import { registerFairShare } from './fair-share.js';
import { registerAccessLog } from './access-log.js';
import { registerMetrics } from './metrics.js';
import { registerRateLimits, type RateLimits } from './rate-limit.js';
import { registerHandlerStart, registerReplayClaims } from './replay.js';
import { registerResponseSigning } from './response-signing.js';
import { registerRouteConfig } from './route-config.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerUrlChecks } from './url.js';
import { registerValidation } from './validation.js';
import { registerWriteBatching } from './write-batch.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Ids } from '../ids.js';
import './types.js';

export type { AuthDeps } from './auth.js';
export { lazyRequestLogger } from './access-log.js';
export { frameworkErrors } from './errors.js';
export { maxParamLength } from './url.js';

export interface HttpCoreDeps extends AuthDeps {
  ids: Ids;
  /** Seals the answers kept for replays (replay.ts). */
  box: SecretBox;
  rateLimits: RateLimits;
}

/**
 * Everything every route shares: CORS, URL checks, JSON bodies, validation, errors,
 * authentication, replay-safe writes, signing, security headers, metrics, the
 * fair share, batched writes. Hooks run in the order they are registered here.
 */
export function registerHttpCore(
  app: FastifyInstance,
  deps: HttpCoreDeps,
  metrics: Registry,
): void {
  // First: the refusals of every later hook keep the CORS headers of the routes marked `cors`.
  registerRouteConfig(app);
  registerCors(app);
  registerUrlChecks(app);
  registerJsonBody(app);
  registerValidation(app);
  registerErrorHandling(app);
  registerAuth(app, deps);
  registerRateLimits(app, deps.rateLimits, deps.clock);
  // A repeat is answered before its X-Device-Sig nonce, already spent by the first, is checked.
  registerReplayClaims(app, deps);
  registerDeviceSig(app, deps);
  registerHandlerStart(app);
  registerResponseSigning(app, deps.clock);
  registerSecurityHeaders(app);
  registerMetrics(app, metrics);
  registerAccessLog(app);
  registerFairShare(app, deps.rateLimits.contendedPerSecond, metrics);
  registerWriteBatching(app);
}
