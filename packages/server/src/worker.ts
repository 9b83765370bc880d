import type { FastifyBaseLogger } from 'fastify';
import { smsDeliverer, smsProvider } from './core/sms/deliverer.js';
import { linkExpiry } from './areas/fido/links/expire-links.js';
import { purgeEnrollments } from './areas/identity/enrollments/enrollments-repo.js';
import { pushDeliverer } from './areas/push/deliver.js';
import { pushSenders } from './areas/push/senders/index.js';
import { cibaPingDeliverer } from './areas/oidc/ciba.js';
import { integratePending } from './core/audit/integrate.js';
import { purgeAuditEvents } from './core/audit/retention.js';
import { purgeSessions } from './areas/console/sessions.js';
import { cibaResults } from './areas/oidc/ciba-results.js';
import { Providers } from './areas/oidc/providers.js';
import { purgeExpired } from './areas/oidc/purge-expired.js';
import { purgeSvccodes } from './areas/svccodes/svccodes-repo.js';
import { svcficationExpiry } from './areas/svcfications/expire-svcfications.js';
import type { Context } from './context.js';
import { purgeIdempotency } from './core/idempotency.js';
import { purgeNonces } from './core/nonces.js';
import { callbackDeliverer } from './core/outbox/callback.js';
import { purgeOutbox } from './core/outbox/index.js';
import { OutboxWorker } from './core/outbox/worker.js';
import { Sweeper } from './core/sweeper.js';
import { wireAreas } from './wiring.js';

/**
 * The expiry loops: expired svcfications and FIDO links are written EXPIRED (and their callbacks
 * queued) without anyone polling, and answered CIBA requests are handed to their provider; row by
 * row, so one bad row never holds up the others (failures are logged and counted by the sweeper).
 * Answers a pass that resolves to the number of rows run.
 */
export function expirySweeps(
  ctx: Context,
  logger: Pick<FastifyBaseLogger, 'error'>,
): () => Promise<number> {
  const areas = wireAreas(ctx);
  const sweeper = new Sweeper({ clock: ctx.clock, metrics: ctx.metrics, logger });
  const svcfications = svcficationExpiry(areas.svcfications);
  const links = linkExpiry(areas.fido);
  const ciba = cibaResults(areas.oidc, new Providers(areas.oidc));
  return async () => {
    const handled = await Promise.all([
      sweeper.pass(svcfications),
      sweeper.pass(ciba),
      ...links.map((loop) => sweeper.pass(loop)),
    ]);
    return handled.reduce((sum, n) => sum + n, 0);
  };
}

/**
 * The purge loops: expired nonces, idempotency answers, OIDC payloads, enrollments and svccodes
 * (a day after they expire), ended console sessions, and finished outbox items kept long enough, are
 * deleted. Each on its own: one that fails is logged and counted under its name, and the others
 * still run.
 */
export function purges(
  ctx: Context,
  logger: Pick<FastifyBaseLogger, 'error'>,
): () => Promise<void> {
  const { db } = ctx.store;
  const loops = {
    'nonce-purge': () => purgeNonces(db, ctx.clock.now()),
    'idempotency-purge': () => purgeIdempotency(db, ctx.clock.now()),
    'oidc-purge': () => purgeExpired({ db, clock: ctx.clock }),
    'outbox-purge': () => purgeOutbox(db, ctx.clock.now()),
    'enrollment-purge': () => purgeEnrollments(db, ctx.clock.now()),
    'svccode-purge': () => purgeSvccodes(db, ctx.clock.now()),
    'audit-purge': () => purgeAuditEvents(db, ctx.clock.now(), ctx.config.auditRetentionDays),
    'console-purge': () => purgeSessions(db, ctx.clock.now()),
  };
  return async () => {
    await Promise.all(
      Object.entries(loops).map(([loop, purge]) =>
        purge().catch((err: unknown) => {
          ctx.metrics.backgroundFailures.inc({ loop });
          logger.error({ err, loop }, `${loop} failed`);
        }),
      ),
    );
  };
}

/**
 * Every `auditCheckpointSeconds`, the logs with new events get them appended and a new signed
 * checkpoint; a log that fails is logged and counted, and the others still run.
 */
function auditIntegrator(ctx: Context, logger: Pick<FastifyBaseLogger, 'error'>) {
  const loop = 'audit-integrate';
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= integratePending(ctx.store.db, ctx.checkpointKey, ctx.clock, (logId, err) => {
      ctx.metrics.backgroundFailures.inc({ loop });
      logger.error({ err, loop, logId }, `${loop} failed`);
    })
      .catch((err: unknown) => {
        ctx.metrics.backgroundFailures.inc({ loop });
        logger.error({ err, loop }, `${loop} failed`);
      })
      .finally(() => {
        running = null;
      });
  }, ctx.config.auditCheckpointSeconds * 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** The background workers of a server process. */
export function startWorkers(ctx: Context, logger: FastifyBaseLogger): { stop(): Promise<void> } {
  const { push } = wireAreas(ctx);
  const outbox = new OutboxWorker({
    db: ctx.store.db,
    clock: ctx.clock,
    outbox: ctx.outbox,
    logger,
    metrics: ctx.metrics,
    retryBaseMs: ctx.config.outboxRetryBaseMs,
    handlers: {
      callback: callbackDeliverer({ allowInsecure: ctx.config.allowInsecureCallbacks }),
      ciba_ping: cibaPingDeliverer({ allowInsecure: ctx.config.allowInsecureCallbacks }),
      sms: smsDeliverer(
        smsProvider(ctx.config, { db: ctx.store.db, clock: ctx.clock, logger }),
        ctx.box,
      ),
      push: pushDeliverer({
        ...push,
        metrics: ctx.metrics,
        senders: pushSenders(ctx.config, push.vapid),
      }),
    },
  });
  outbox.start();
  const expire = expirySweeps(ctx, logger);
  const purge = purges(ctx, logger);
  // One sweep at a time: a slow pass is not overlapped by the next tick.
  let sweeping: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    sweeping ??= Promise.all([expire(), purge()]).finally(() => {
      sweeping = null;
    });
  }, 1000);
  const integrating = auditIntegrator(ctx, logger);
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      await integrating.stop();
      await outbox.stop();
    },
  };
}
