import type { FastifyInstance } from 'fastify';
import { hmacSignature } from '@svc/wire';
import type { Clock } from '../clock.js';

/**
 * Every 2xx answer to an HMAC-authenticated request is signed with the caller's secret over the
 * request method, the response body MD5 and Content-Type, X-Date and the request's path?query.
 */
export function registerResponseSigning(app: FastifyInstance, clock: Clock): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const secret = request.caller?.secret;
    if (!secret || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : '';
    if (body.length === 0) reply.removeHeader('content-type');
    const date = clock.now().toUTCString();
    const contentType = body.length === 0 ? '' : String(reply.getHeader('content-type') ?? '');
    void reply.header('x-date', date);
    void reply.header(
      'x-signature',
      hmacSignature(secret, {
        method: request.method,
        body,
        contentType,
        date,
        path: request.raw.url ?? request.url,
      }),
    );
    return payload;
  });
}
