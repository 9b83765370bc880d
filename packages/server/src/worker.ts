import type { FastifyBaseLogger } from 'fastify';
import { smsDeliverer, smsProvider } from './areas/fido/sms/deliverer.js';
import { expireLinks } from './areas/fido/expire-links.js';
import { expireSvcfications } from './areas/svcfications/expire-svcfications.js';
import type { Context } from './context.js';
import { purgeNonces } from './core/nonces.js';
import { callbackDeliverer } from './core/outbox/callback.js';
import { OutboxWorker } from './core/outbox/worker.js';
import { wireAreas } from './wiring.js';

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
      sms: smsDeliverer(smsProvider(ctx.config, { db: ctx.store.db, clock: ctx.clock, logger })),
    },
  });
  outbox.start();
  const areas = wireAreas(ctx);
  // Expired svcfications and FIDO links are written EXPIRED (and their callbacks queued) without anyone polling.
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = Promise.all([
      expireSvcfications(areas.svcfications),
      expireLinks(areas.fido),
      purgeNonces(ctx.store.db, ctx.clock.now()),
    ]).catch((err: unknown) => logger.error({ err }, 'sweep failed'));
  }, 1000);
  return {
    stop: async () => {
      clearInterval(sweeper);
      await sweeping;
      await outbox.stop();
    },
  };
}
