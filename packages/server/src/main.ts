import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { installAttestationRoots } from './areas/fido/attestation-roots.js';
import type { Config } from './config/index.js';
import { countCustomers, createCustomer } from './core/customers.js';
import { openContext } from './context.js';
import { startWorkers } from './worker.js';

/**
 * The server process: config → store → app → listen. On SIGTERM/SIGINT it stops accepting,
 * lets in-flight requests finish, then closes the store.
 */
export async function serve(overrides: Partial<Config>): Promise<void> {
  const ctx = await openContext(overrides);
  installAttestationRoots(ctx.config.fidoAttestationRoots);
  const logger = pino({ level: ctx.config.logLevel });
  if ((await countCustomers(ctx.store.db)) === 0) {
    const demo = await createCustomer(
      { ...ctx, db: ctx.store.db },
      { name: 'demo', verifyIdentityDocuments: true },
    );
    process.stdout.write(
      `Created the demo customer. Its credentials are shown only this once:\n${JSON.stringify(demo, null, 2)}\n`,
    );
  }
  const app = await buildApp({ ...ctx, logger });
  const workers = startWorkers(ctx, logger);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, closing`);
    app
      .close()
      .then(() => workers.stop())
      .then(() => ctx.store.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({
    port: ctx.config.port,
    host: ctx.config.host,
    listenTextResolver: () => 'server started',
  });
  // The operator contract: one plain line naming the configured host, whatever the log level.
  const { port } = app.server.address() as AddressInfo;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  process.stdout.write(`listening on http://${host}:${port}\n`);
}
