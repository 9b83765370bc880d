import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { registerAuth, type AuthDeps } from './auth.js';
import { registerJsonBody } from './body.js';
import { registerErrorHandling } from './errors.js';
import { registerMetrics } from './metrics.js';
import { registerResponseSigning } from './response-signing.js';
import { registerUrlChecks } from './url.js';
import { registerValidation } from './validation.js';
import './types.js';

export type { AuthDeps } from './auth.js';
export { frameworkErrors } from './errors.js';
export { maxParamLength } from './url.js';

/**
 * Everything every route shares: URL checks, JSON bodies, validation, errors, authentication,
 * signing, metrics.
 */
export function registerHttpCore(app: FastifyInstance, deps: AuthDeps, metrics: Registry): void {
  registerUrlChecks(app);
  registerJsonBody(app);
  registerValidation(app);
  registerErrorHandling(app);
  registerAuth(app, deps);
  registerResponseSigning(app, deps.clock);
  registerMetrics(app, metrics);
}
