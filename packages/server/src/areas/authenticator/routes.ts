import type { FastifyInstance } from 'fastify';
import { webAppRoutes, type WebApp } from '../../core/http/static-files.js';
import { route } from './schemas.js';

/**
 * svc Authenticator, the installable web app, at `/authenticator/`; enrollment links
 * (`/enroll#code`) open it, the code kept in the fragment across the redirect.
 */
export function authenticatorRoutes(app: FastifyInstance, deps: WebApp): void {
  const r = app;
  r.get('/enroll', { schema: route.enroll }, async (_request, reply) =>
    reply.redirect('/authenticator/', 302),
  );
  webAppRoutes(app, '/authenticator', deps);
}
