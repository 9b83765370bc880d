import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { routeConfig } from './route-config.js';

/** Request latency by route and status at `/metrics` (Prometheus text format). */
export function registerMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });
  // One labelled child per route and status, found by a string key: observing is the hot part.
  const children = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeConfig(request).url ?? 'unknown';
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ method: request.method, route, status: reply.statusCode });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
}
