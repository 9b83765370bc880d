import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the routes marked `config.cors` (the svccode endpoints browser widgets call from the
 * RP's own pages). They carry no credentials, so any origin may call them; every other route
 * stays same-origin. Runs on onRequest, so errors (404, 400) are readable cross-origin too, and
 * answers preflights (OPTIONS routes marked the same way) before any other step.
 */
export function allowBrowserCalls(app: FastifyInstance): void {
  // Callback style: every other route passes without a promise.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.routeOptions.config.cors !== true) return done();
    void reply.header('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return done();
    // Answered here: the lifecycle ends without done().
    void reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });
}

/** Handler of the OPTIONS routes; never reached, the hook above has answered. */
export const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(204).send();
