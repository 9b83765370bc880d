import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * signing, so it is registered after it and sees the final content type.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    secure(reply);
    return payload;
  });
}

/**
 * The onRequest step of a route that answers on the raw response (the OpenID Provider, whose own
 * `no-store` covers its token, userinfo and interaction answers): such answers pass no onSend
 * hook, so they get `nosniff` before they are handed over.
 */
export async function nosniffOnRawAnswer(_request: FastifyRequest, reply: FastifyReply) {
  reply.raw.setHeader('x-content-type-options', 'nosniff');
}
