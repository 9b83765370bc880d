import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { jsonTextProblem } from './text.js';
import { stating } from './steps.js';

/**
 * JSON is the only body type. The exact bytes are kept on the request (the HMAC signs them), an
 * empty body reads as no body (clients send DELETE with a JSON content type and nothing else),
 * and anything else is 415 through Fastify's own check. The bytes must be UTF-8 (decoding would
 * replace a bad sequence silently) and no string may hold NUL or a lone surrogate (400). A route
 * whose body is optional lists the `optionalBody` step.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.decorateRequest('rawBody', null);
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (request.is404) return done(null, undefined); // an unknown route answers 404 whatever its body
    if (raw.length === 0) return done(null, undefined);
    if (!isUtf8(raw))
      return done(new AppError('BAD_REQUEST', 'The request body is not UTF-8.'), undefined);
    const text = raw.toString('utf8');
    void parseJson(request, text, (err, value) => {
      if (err) return done(new AppError('INVALID_JSON'), undefined);
      const problem = jsonTextProblem(text, value);
      return problem ? done(new AppError('BAD_REQUEST', problem), undefined) : done(null, value);
    });
  });
}

/** A preValidation step of a route whose body may be left out: no body validates as `{}`. */
export const optionalBody = stating(
  async function optionalBody(request: FastifyRequest) {
    if (request.body === undefined) request.body = {};
  },
  { optionalBody: true },
);
