import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeConfig } from './route-config.js';

/**
 * What every JSON answer carries, also those made before any route ran (`frameworkErrors`): some
 * carry a secret shown once (a client secret, a FIDO user link), so no cache may keep them, and
 * none is ever to be read as another type than it says.
 */
export const jsonAnswerHeaders = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

function secure(reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff');
  // A route that chose its own caching (a page, a script) keeps it.
  if (isJson(reply.getHeader('content-type')) && !reply.hasHeader('cache-control'))
    void reply.header('cache-control', 'no-store');
}

/**
 * `nosniff` on every answer, `no-store` on JSON ones. Neither header is covered by response
 * signing, so it is registered after it and sees the final content type. Answers made on the raw
 * response (`answersRaw`: the OpenID Provider, whose own `no-store` covers its token, userinfo and
 * interaction answers) pass no onSend hook: they get `nosniff` before they are handed over.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (routeConfig(request).answersRaw === true)
      reply.raw.setHeader('x-content-type-options', 'nosniff');
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    secure(reply);
    done(null, payload);
  });
}
