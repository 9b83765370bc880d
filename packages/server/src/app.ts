import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { fidoRoutes } from './areas/fido/routes.js';
import { identityRoutes } from './areas/identity/routes.js';
import { sandboxRoutes } from './areas/sandbox/routes.js';
import { siteRoutes } from './areas/site/routes.js';
import { svccodesRoutes } from './areas/svccodes/routes.js';
import { svcficationsRoutes } from './areas/svcfications/routes.js';
import type { Context } from './context.js';
import { CredentialResolver } from './core/customers.js';
import { AppError } from './core/errors.js';
import { frameworkErrors, maxParamLength, registerHttpCore } from './core/http/index.js';
import { openapiOptions, type ApiDocument } from './core/http/openapi/index.js';
import { wireAreas } from './wiring.js';

export interface AppDeps extends Context {
  logger?: FastifyBaseLogger;
}

const documents = {
  sandbox: {
    title: 'svc sandbox (Area A)',
    version: '2.0.0',
    description:
      "Driver's-license data verification against fake agency records: `DL000001`–`DL000024` select the predefined cases.",
    tags: [{ name: 'Verification', description: 'Match indicators for a license data set' }],
  },
  main: {
    title: 'svc main API (Area B)',
    version: '2.0.0',
    description:
      'Devices, device-user bindings, user identifiers, identity documents, svcfications (authentication requests), svccodes and the legacy v1 verifications. Requests are signed with the SVC HMAC scheme (see the SvcHmac security scheme).',
    tags: [
      { name: 'Keys', description: 'The keys that verify the JWTs svc issues' },
      { name: 'Devices', description: 'Device keys and their activation' },
      { name: 'User devices', description: "Bindings of devices to the relying party's users" },
      { name: 'Users', description: 'User identifiers and users' },
      { name: 'Identity documents', description: "Registered driver's licenses (hashes only)" },
      { name: 'Svcfications', description: 'Authentication requests and the answers of devices' },
      { name: 'Legacy verifications', description: 'The v1 API (user credentials)' },
      { name: 'Svccodes', description: 'Scannable codes: pairing a device, binding its user' },
    ],
  },
  fido: {
    title: 'svc FIDO API (Area C)',
    version: '1.5.1',
    description:
      'Passwordless WebAuthn registration and login through links that svc hosts. Calls carry `Authorization: SVC <fido_api_key>`.',
    tags: [
      { name: 'Organizations', description: "The caller's organization and its redirect URIs" },
      { name: 'Users', description: "The organization's users" },
      { name: 'Registrations', description: 'Links that enroll a passkey' },
      { name: 'Authentications', description: 'Links that sign in with a passkey' },
      {
        name: 'Pages',
        description:
          'The calls the pages behind `user_link` make (the link secret is the credential)',
      },
    ],
  },
} as const satisfies Record<string, ApiDocument>;

/**
 * Registers the routes of one API document in their own context, with the OpenAPI document served
 * at `/docs/{name}/openapi.json` and browsable at `/docs/{name}`.
 */
async function documented(
  app: FastifyInstance,
  name: keyof typeof documents,
  publicUrl: string,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(swagger, openapiOptions(documents[name], publicUrl));
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
export async function buildApp(ctx: AppDeps): Promise<FastifyInstance> {
  const { config, store, ids } = ctx;
  const app = Fastify({
    ...(ctx.logger ? { loggerInstance: ctx.logger } : { logger: false }),
    bodyLimit: config.bodyLimit,
    routerOptions: { maxParamLength },
    requestIdHeader: 'x-request-id',
    genReqId: () => ids.uuid(),
    return503OnClosing: true,
    frameworkErrors,
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Closing: release the long polls, and end the connection of every request answered from now
  // on. server.close() has already dropped the idle keep-alive sockets; one that turns idle later
  // would hold the close until keepAliveTimeout (seen on PostgreSQL, where the woken poll's
  // re-read finishes after that point).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    ctx.waiters.close();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  const areas = wireAreas(ctx);
  registerHttpCore(
    app,
    {
      db: store.db,
      credentials: new CredentialResolver(store.db, ctx.box),
      clock: ctx.clock,
      skewSeconds: config.clockSkewSeconds,
      nonceRetentionMs: config.deviceNonceDays * 86_400_000,
      deviceKey: areas.directory.deviceKey,
    },
    ctx.metrics.registry,
  );
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Ready means the database answers: a load balancer takes the instance out when it does not.
  app.get('/readyz', { schema: { hide: true } }, async () => {
    await ctx.store.ping().catch(() => {
      throw new AppError('NOT_READY');
    });
    return { status: 'ready' };
  });
  siteRoutes(app, areas.site);

  const url = config.publicUrl;
  await documented(app, 'sandbox', url, (scope) => sandboxRoutes(scope, areas.sandbox));
  await documented(app, 'fido', url, (scope) => fidoRoutes(scope, areas.fido));
  await documented(app, 'main', url, (scope) => {
    identityRoutes(scope, areas.identity);
    svcficationsRoutes(scope, areas.svcfications);
    svccodesRoutes(scope, areas.svccodes);
  });
  return app;
}
