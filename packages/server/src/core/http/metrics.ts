import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Request latency by route and status at `/metrics` (Prometheus text format). */
export function registerMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    duration.observe(
      { method: request.method, route, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
}
