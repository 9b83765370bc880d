import type { FastifyInstance } from 'fastify';
import type { SiteDeps } from './deps.js';
import { docsIndex, landingPage } from './pages.js';
import { route } from './schemas.js';

/** The site: the landing page and the index of the API references. */
export function siteRoutes(app: FastifyInstance, deps: SiteDeps): void {
  const r = app;
  r.get('/', { schema: route.landing }, async (_request, reply) => {
    const page = landingPage(deps);
    return reply.headers(page.headers).send(page.html);
  });
  r.get('/docs', { schema: route.docs }, async (_request, reply) => {
    const page = docsIndex();
    return reply.headers(page.headers).send(page.html);
  });
}
