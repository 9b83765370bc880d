import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * CORS for the routes that list the `allowAnyOrigin` step: the svccode endpoints browser widgets
 * call from the RP's own pages, and the device routes svc Authenticator calls when it holds an
 * account of another svc server. None of them takes cookies (a widget sends nothing, a device
 * signs every request), so any origin may call them; every other route stays same-origin. Every
 * answer of such a route is readable cross-origin, the refusals of the URL checks and of the rate
 * limits included: the step is an onSend hook, which every answer of the route passes.
 */

/** Per app, the paths of its CORS routes, for answers made before any route matched. */
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
  // Not CORS-safelisted: Retry-After (a client refused with 429 may read it), and the response
  // signature a device checks.
  void reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'retry-after, x-date, x-signature');
}

/** Answers a preflight: 204, whatever the request's id (the answer does not depend on it). */
function answerPreflight(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
    .header(
      'access-control-allow-headers',
      'authorization, content-type, idempotency-key, x-date, x-device-sig',
    )
    .header('access-control-max-age', '600')
    .code(204)
    .send();
}

/** Whether a request no route took (unknown method, router failure) is on a CORS route's path. */
function onCorsPath(request: FastifyRequest): boolean {
  const path = (request.raw.url ?? '').split('?')[0] ?? '';
  const patterns = corsPaths.get(request.server)?.values() ?? [];
  return [...patterns].some((pattern) => pattern.test(path));
}

/**
 * For router failures (bad percent-encoding, overlong parameters: `frameworkErrors`), which no
 * hook sees: a path of a CORS route gets the CORS headers, and a preflight to it its 204.
 * True when the preflight was answered.
 */
export function answerRouterFailure(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!onCorsPath(request)) return false;
  allowOrigin(reply);
  if (request.method !== 'OPTIONS') return false;
  answerPreflight(reply);
  return true;
}

/** The onSend step of a CORS route: every answer is readable from any origin. */
export async function allowAnyOrigin(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  allowOrigin(reply);
  return payload;
}

const listsAllowAnyOrigin = (route: RouteOptions) =>
  [route.onSend ?? []].flat().includes(allowAnyOrigin);

/**
 * Requests no route takes (an unknown method) on the path of a CORS route get the CORS headers
 * too: the paths are collected from the routes that list `allowAnyOrigin`.
 */
export function registerCorsPaths(app: FastifyInstance): void {
  const paths = new Map<string, RegExp>();
  corsPaths.set(app, paths);
  app.addHook('onRoute', (route) => {
    if (listsAllowAnyOrigin(route)) paths.set(route.url, pathPattern(route.url));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && onCorsPath(request)) allowOrigin(reply);
  });
}

/** Answers the CORS preflights (OPTIONS) of these paths: 204 with what the routes allow. */
export function preflights(app: FastifyInstance, paths: string[]): void {
  for (const url of paths)
    app.options(
      url,
      { onSend: [allowAnyOrigin], schema: { hide: true } },
      async (_request, reply) => answerPreflight(reply),
    );
}
