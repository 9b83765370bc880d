import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * JSON is the only body type. The exact bytes are kept on the request (the HMAC signs them), an
 * empty body reads as no body (clients send DELETE with a JSON content type and nothing else),
 * and anything else is 415 through Fastify's own check.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.decorateRequest('rawBody', null);
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (raw.length === 0) return done(null, undefined);
    void parseJson(request, raw.toString('utf8'), (err, value) => (err ? done(new AppError('INVALID_JSON'), undefined) : done(null, value)));
  });
}
