import type { FastifyBaseLogger } from 'fastify';
import type { Context } from './context.js';
import { callbackDeliverer } from './core/outbox/callback.js';
import { OutboxWorker } from './core/outbox/worker.js';

/** The background workers of a server process. */
export function startWorkers(ctx: Context, logger: FastifyBaseLogger): { stop(): Promise<void> } {
  const outbox = new OutboxWorker({
    db: ctx.store.db,
    clock: ctx.clock,
    outbox: ctx.outbox,
    logger,
    retryBaseMs: ctx.config.outboxRetryBaseMs,
    handlers: {
      callback: callbackDeliverer({ allowInsecure: ctx.config.allowInsecureCallbacks }),
      sms: () => Promise.reject(new Error('no SMS provider is configured')),
    },
  });
  outbox.start();
  return { stop: () => outbox.stop() };
}
