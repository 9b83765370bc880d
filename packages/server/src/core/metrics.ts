import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

/** The process's metrics, served at `/metrics`; the HTTP core and the workers add to them. */
export interface Metrics {
  registry: Registry;
  /** Rows a background loop failed on (logged and parked; the loop went on). */
  backgroundFailures: Counter<'loop'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const backgroundFailures = new Counter({
    name: 'svc_background_failures_total',
    help: 'Rows a background loop failed on and parked',
    labelNames: ['loop'],
    registers: [registry],
  });
  return { registry, backgroundFailures };
}
