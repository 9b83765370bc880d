import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeConfig } from './route-config.js';

/**
 * CORS for the routes marked `config.cors` (the svccode endpoints browser widgets call from the
 * RP's own pages). They carry no credentials, so any origin may call them; every other route
 * stays same-origin. Every answer of such a route is readable cross-origin, the refusals of the
 * URL checks and of the rate limits included, so the first onRequest hook sets the headers.
 */

/** Per app, the paths of its `cors` routes, for answers made before any route matched. */
const corsPaths = new WeakMap<FastifyInstance, Map<string, RegExp>>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's URL (`/api/v2/svccodes/:id`) as a pattern of raw paths: a parameter is a segment. */
const pathPattern = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
      .join('/')}$`,
  );

function allowOrigin(reply: FastifyReply): void {
  // Retry-After is not a CORS-safelisted header: a widget refused with 429 may read it.
  void reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'retry-after');
}

/** Answers a preflight: 204, whatever the request's id (the answer does not depend on it). */
function answerPreflight(reply: FastifyReply): void {
  void reply
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', '600')
    .code(204)
    .send();
}

/** Whether a request no route took (unknown method, router failure) is on a `cors` route's path. */
function onCorsPath(request: FastifyRequest): boolean {
  const path = (request.raw.url ?? '').split('?')[0] ?? '';
  const patterns = corsPaths.get(request.server)?.values() ?? [];
  return [...patterns].some((pattern) => pattern.test(path));
}

/**
 * For router failures (bad percent-encoding, overlong parameters: `frameworkErrors`), which no
 * hook sees: a path of a `cors` route gets the CORS headers, and a preflight to it its 204.
 * True when the preflight was answered.
 */
export function answerRouterFailure(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!onCorsPath(request)) return false;
  allowOrigin(reply);
  if (request.method !== 'OPTIONS') return false;
  answerPreflight(reply);
  return true;
}

/**
 * Registered before every other hook. Preflights are answered here, before the URL checks and
 * the rate limits: a refused preflight would hide the real answer (a readable 429 with
 * Retry-After) behind a CORS failure, and a preflight costs nothing to answer.
 */
export function registerCors(app: FastifyInstance): void {
  const paths = new Map<string, RegExp>();
  corsPaths.set(app, paths);
  app.addHook('onRoute', (route) => {
    if (route.config?.cors === true) paths.set(route.url, pathPattern(route.url));
  });
  // Callback style: every other route passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const cors = routeConfig(request).cors === true;
    if (!cors && !(request.is404 && onCorsPath(request))) return done();
    allowOrigin(reply);
    if (!cors || request.method !== 'OPTIONS') return done();
    // Answered here: the lifecycle ends without done().
    answerPreflight(reply);
  });
}

/** Handler of the `cors` OPTIONS routes; never reached, the hook above has answered. */
export const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(204).send();
