import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request (Fastify's own request logging, two lines per request, is
 * off): method, URL, status and milliseconds, on the request's logger (its id bound). At level
 * `debug` a line also says when a request arrives.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: request.url }, 'request received');
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 100) / 100;
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms },
      'request completed',
    );
  });
}
