import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { installAttestationRoots } from './areas/fido/links/attestation-roots.js';
import type { Config } from './config/index.js';
import { createDemoCustomer } from './areas/customers/create-demo-customer.js';
import { customersDeps } from './areas/customers/deps.js';
import { openContext, type Context } from './context.js';
import { holdServeLock } from './core/store/serve-lock.js';
import { LogStream } from './core/log-stream.js';
import { startWorkers } from './worker.js';
import { listenForWakes } from './core/store/wake-listener.js';
import { missingNodeFlags } from './node-flags.js';
import { watchParent } from './watch-parent.js';

export interface ServeOptions {
  /** Shut down when the parent process goes away (`npm start`: npm may exit first, or be left). */
  exitWithParent?: boolean;
  /** Apply pending migrations first (PostgreSQL; SQLite always does). */
  migrate?: boolean;
}

/**
 * The server process: config → store → app → listen. On SIGTERM/SIGINT (once startup has
 * finished) it stops accepting, lets in-flight requests finish, then closes the store; after
 * `shutdownTimeoutSeconds` it exits anyway.
 */
export async function serve(overrides: Partial<Config>, options: ServeOptions = {}): Promise<void> {
  const ctx = await openContext(overrides, options.migrate ? { migrate: true } : {});
  const serveLock = ctx.config.databaseUrl ? null : holdServeLock(ctx.config.dataDir);
  installAttestationRoots(ctx.config.fidoAttestationRoots);
  const logger = pino({ level: ctx.config.logLevel }, new LogStream(process.stdout.fd));
  const missing = missingNodeFlags().join(' ');
  if (missing)
    logger.warn(`started without node ${missing}: expect a slower tail under load (see README)`);
  const app = await buildApp({ ...ctx, logger });
  const workers = startWorkers(ctx, logger);
  // Several instances over one PostgreSQL: long polls wake for writes made on any of them.
  const wakes = ctx.config.databaseUrl
    ? listenForWakes(ctx.config.databaseUrl, ctx.store.db, ctx.waiters, logger)
    : null;
  let closing = false;
  // A signal during startup waits for it: closing the store under the demo customer's creation,
  // or the server before its address is printed, would end a clean stop with exit code 1.
  let started: Promise<unknown> = Promise.resolve();
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${reason}, closing`);
    const seconds = ctx.config.shutdownTimeoutSeconds;
    setTimeout(() => {
      logger.error(`still closing after ${seconds} s, exiting`);
      process.exit(1);
    }, seconds * 1000).unref();
    started
      .catch(() => {})
      .then(() => app.close())
      .then(() => workers.stop())
      .then(() => wakes?.stop())
      .then(() => ctx.store.close())
      .then(() => serveLock?.release())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM received'));
  process.on('SIGINT', () => shutdown('SIGINT received'));
  if (options.exitWithParent) watchParent(() => shutdown('parent process exited'));
  started = start(app, ctx);
  await started;
}

/** Listens, creates the demo customer of a first start and prints the address it serves. */
async function start(app: FastifyInstance, ctx: Context): Promise<void> {
  await app.listen({
    port: ctx.config.port,
    host: ctx.config.host,
    listenTextResolver: () => 'server started',
  });
  // Created once the port is ours: a start that fails to listen must not show (and so spend)
  // the only printing of the demo customer's credentials.
  const demo = await createDemoCustomer(customersDeps(ctx));
  if (demo)
    process.stdout.write(
      `Created the demo customer. Its credentials are shown only this once:\n${JSON.stringify(demo, null, 2)}\n`,
    );
  // The operator contract: one plain line naming the configured host, whatever the log level.
  const { port } = app.server.address() as AddressInfo;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  process.stdout.write(`listening on http://${host}:${port}\n`);
}
