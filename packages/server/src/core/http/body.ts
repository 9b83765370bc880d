import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** PostgreSQL text cannot hold NUL and no field of this API needs it: refused everywhere (400). */
const nul = /\\u0000|\u0000/i;

/**
 * JSON is the only body type. The exact bytes are kept on the request (the HMAC signs them), an
 * empty body reads as no body (clients send DELETE with a JSON content type and nothing else),
 * and anything else is 415 through Fastify's own check.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.decorateRequest('rawBody', null);
  app.addHook('onRequest', (request, _reply, done) =>
    done(
      /%00/.test(request.raw.url ?? '')
        ? new AppError('BAD_REQUEST', 'NUL characters are not accepted.')
        : undefined,
    ),
  );
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (request.is404) return done(null, undefined); // an unknown route answers 404 whatever its body
    if (raw.length === 0) return done(null, undefined);
    const text = raw.toString('utf8');
    if (nul.test(text))
      return done(new AppError('BAD_REQUEST', 'NUL characters are not accepted.'), undefined);
    void parseJson(request, text, (err, value) =>
      err ? done(new AppError('INVALID_JSON'), undefined) : done(null, value),
    );
  });
}
