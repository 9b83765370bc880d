import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { AuthenticatorDeps } from './deps.js';
import { appFiles } from './files.js';
import { route } from './schemas.js';

/**
 * svc Authenticator, the installable web app, at `/authenticator/`; enrollment links
 * (`/enroll#code`) open it, the code kept in the fragment across the redirect.
 */
export function authenticatorRoutes(app: FastifyInstance, deps: AuthenticatorDeps): void {
  const r = app;
  const file = appFiles(deps.dist);
  const send = async (name: string, reply: FastifyReply, etag?: string) => {
    const found = await file(name);
    if (!found) throw new AppError('ROUTE_NOT_FOUND');
    if (etag === found.headers.etag) return reply.code(304).headers(found.headers).send();
    return reply.headers(found.headers).send(found.body);
  };
  r.get('/enroll', { schema: route.enroll }, async (_request, reply) =>
    reply.redirect('/authenticator/', 302),
  );
  r.get('/authenticator', { schema: route.app }, async (_request, reply) =>
    reply.redirect('/authenticator/', 301),
  );
  r.get('/authenticator/', { schema: route.app }, async (request, reply) =>
    send('index.html', reply, request.headers['if-none-match']),
  );
  r.get<{ Params: { file: string } }>(
    '/authenticator/:file',
    { schema: route.file },
    async (request, reply) => send(request.params.file, reply, request.headers['if-none-match']),
  );
}
