import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the routes marked `config.cors` (the svccode endpoints browser widgets call from the
 * RP's own pages). They carry no credentials, so any origin may call them; every other route
 * stays same-origin. Runs on onRequest, so errors (404, 400) are readable cross-origin too, and
 * answers preflights (OPTIONS routes marked the same way) before any other step.
 */
export function allowBrowserCalls(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.cors !== true) return;
    void reply.header('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return;
    void reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600');
    return reply.code(204).send();
  });
}

/** Handler of the OPTIONS routes; never reached, the hook above has answered. */
export const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(204).send();
