import type { FastifyBaseLogger } from 'fastify';
import { smsDeliverer, smsProvider } from './areas/fido/sms/deliverer.js';
import { linkExpiry } from './areas/fido/expire-links.js';
import { purgeExpired } from './areas/oidc/purge-expired.js';
import { svcficationExpiry } from './areas/svcfications/expire-svcfications.js';
import type { Context } from './context.js';
import { purgeIdempotency } from './core/idempotency.js';
import { purgeNonces } from './core/nonces.js';
import { callbackDeliverer } from './core/outbox/callback.js';
import { OutboxWorker } from './core/outbox/worker.js';
import { Sweeper } from './core/sweeper.js';
import { wireAreas } from './wiring.js';

/**
 * The expiry loops: expired svcfications and FIDO links are written EXPIRED (and their callbacks
 * queued) without anyone polling; row by row, so one bad row never holds up the others. Answers a
 * pass that resolves to the number of rows handled.
 */
export function expirySweeps(
  ctx: Context,
  logger: Pick<FastifyBaseLogger, 'error'>,
): () => Promise<number> {
  const areas = wireAreas(ctx);
  const sweeper = new Sweeper({ clock: ctx.clock, metrics: ctx.metrics, logger });
  const svcfications = svcficationExpiry(areas.svcfications);
  const links = linkExpiry(areas.fido);
  return async () => {
    const results = await Promise.allSettled([
      sweeper.pass(svcfications),
      ...links.map((loop) => sweeper.pass(loop)),
    ]);
    let handled = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') handled += result.value;
      else logger.error({ err: result.reason }, 'sweep failed');
    }
    return handled;
  };
}

/** The background workers of a server process. */
export function startWorkers(ctx: Context, logger: FastifyBaseLogger): { stop(): Promise<void> } {
  const outbox = new OutboxWorker({
    db: ctx.store.db,
    clock: ctx.clock,
    outbox: ctx.outbox,
    logger,
    metrics: ctx.metrics,
    retryBaseMs: ctx.config.outboxRetryBaseMs,
    handlers: {
      callback: callbackDeliverer({ allowInsecure: ctx.config.allowInsecureCallbacks }),
      sms: smsDeliverer(smsProvider(ctx.config, { db: ctx.store.db, clock: ctx.clock, logger })),
    },
  });
  outbox.start();
  const expire = expirySweeps(ctx, logger);
  const purge = () =>
    Promise.all([
      purgeNonces(ctx.store.db, ctx.clock.now()),
      purgeIdempotency(ctx.store.db, ctx.clock.now()),
      purgeExpired({ db: ctx.store.db, clock: ctx.clock }),
    ]).catch((err: unknown) => logger.error({ err }, 'nonce purge failed'));
  // One sweep at a time: a slow pass is not overlapped by the next tick.
  let sweeping: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    sweeping ??= Promise.all([expire(), purge()]).finally(() => {
      sweeping = null;
    });
  }, 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      await outbox.stop();
    },
  };
}
