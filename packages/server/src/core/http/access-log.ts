import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request (Fastify's own request logging, two lines per request, is
 * off): method, URL, status and milliseconds, on the request's logger (its id bound). At level
 * `debug` a line also says when a request arrives.
 */
export function registerAccessLog(app: FastifyInstance): void {
  // The URL as received: Fastify keeps `originalUrl` once read, so a handler that rewrites the
  // raw URL (the OpenID Provider's mount drops `/oidc/{organization_id}`) does not change the line.
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: request.originalUrl }, 'request received');
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 100) / 100;
    request.log.info(
      { method: request.method, url: request.originalUrl, status: reply.statusCode, ms },
      'request completed',
    );
  });
}
