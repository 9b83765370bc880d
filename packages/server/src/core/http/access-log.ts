import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request (Fastify's own request logging, two lines per request, is
 * off): method, URL, status and milliseconds, with the request id the logger binds. At level
 * `debug` a line also says when a request arrives (the hook costs nothing at `info`).
 */
export function registerAccessLog(app: FastifyInstance): void {
  if (app.log.level === 'debug' || app.log.level === 'trace')
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, url: request.url }, 'request received');
      done();
    });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request completed',
    );
    done();
  });
}
