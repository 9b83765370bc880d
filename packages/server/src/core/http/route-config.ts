import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RouteConfig = FastifyRequest['routeOptions']['config'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's config once read (`routeConfig`). */
    routeConfigRead: RouteConfig | null;
  }
}

/**
 * `request.routeOptions` builds a new object (and asks the router whether versions are in use)
 * at each read, and the shared hooks read their route's config several times a request: it is
 * read once, through `routeConfig`.
 */
export function registerRouteConfig(app: FastifyInstance): void {
  app.decorateRequest('routeConfigRead', null);
}

/** The config of the request's route (its `url` and `method`, and svc's own keys, types.ts). */
export function routeConfig(request: FastifyRequest): RouteConfig {
  return (request.routeConfigRead ??= request.routeOptions.config);
}
