import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { fidoDeps } from './areas/fido/deps.js';
import { fidoRoutes } from './areas/fido/routes.js';
import { deviceKeyLookup } from './areas/main/devices-repo.js';
import { mainRoutes } from './areas/main/routes.js';
import { licenseStatus } from './areas/sandbox/license-status.js';
import { sandboxRoutes } from './areas/sandbox/routes.js';
import type { Context } from './context.js';
import { CredentialResolver } from './core/customers.js';
import { frameworkErrors, registerHttpCore } from './core/http/index.js';

export interface AppDeps extends Context {
  logger?: FastifyBaseLogger;
}

const areas = {
  sandbox: { title: 'svc sandbox (Area A)', version: '2.0.0' },
  main: { title: 'svc main API (Area B)', version: '2.0.0' },
  fido: { title: 'svc FIDO API (Area C)', version: '1.5.1' },
} as const;

/**
 * Registers one area in its own context with its own OpenAPI document, served at
 * `/docs/{area}/openapi.json` and browsable at `/docs/{area}`.
 */
async function area(
  app: FastifyInstance,
  name: keyof typeof areas,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(swagger, { openapi: { openapi: '3.1.0', info: areas[name] } });
    await scope.register(swaggerUi, {
      routePrefix: `/docs/${name}`,
      uiConfig: { docExpansion: 'list' },
    });
    routes(scope);
    scope.get(`/docs/${name}/openapi.json`, { schema: { hide: true } }, async () =>
      scope.swagger(),
    );
  });
}

/** Builds the whole service; never listens (tests inject, main.ts listens). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, store, clock, ids } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => ids.uuid(),
    return503OnClosing: true,
    frameworkErrors,
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  const authDeps = {
    db: store.db,
    credentials: new CredentialResolver(store.db, deps.box),
    clock,
    skewSeconds: config.clockSkewSeconds,
    nonceRetentionMs: config.deviceNonceDays * 86_400_000,
    findDeviceByThumbprint: deviceKeyLookup(store.db),
  };
  registerHttpCore(app, authDeps);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  const nameLength = (jurisdiction: string | undefined) =>
    (jurisdiction && config.sandboxNameLengths[jurisdiction]) || config.sandboxNameLength;
  const sandbox = { db: store.db, ids, nameLength };
  await area(app, 'sandbox', (scope) => sandboxRoutes(scope, sandbox));
  await area(app, 'fido', (scope) => fidoRoutes(scope, fidoDeps(deps)));
  app.addHook('preClose', async () => deps.waiters.close());
  const main = {
    ...deps,
    db: store.db,
    checkLicense: (fields: Record<string, string>) => licenseStatus(sandbox, fields),
  };
  await area(app, 'main', (scope) => mainRoutes(scope, main, authDeps));
  return app;
}
