import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { fidoRoutes } from './areas/fido/routes.js';
import { providerOperations } from './areas/oidc/provider-openapi.js';
import { oidcRoutes } from './areas/oidc/routes.js';
import { enrollmentRoutes } from './areas/identity/enrollments/routes.js';
import { auditRoutes } from './areas/audit/routes.js';
import { customerRoutes } from './areas/console/customer/routes.js';
import { consoleRoutes } from './areas/console/routes.js';
import { consolePages } from './areas/console/pages.js';
import { consoleSession, customerOfConsole } from './areas/console/session-step.js';
import { webAppRoutes } from './core/http/static-files.js';
import { authenticatorRoutes } from './areas/authenticator/routes.js';
import { identityRoutes } from './areas/identity/routes.js';
import { presenceRoutes } from './areas/presence/routes.js';
import { pushRoutes } from './areas/push/routes.js';
import { sandboxRoutes } from './areas/sandbox/routes.js';
import { siteRoutes } from './areas/site/routes.js';
import { svccodesRoutes } from './areas/svccodes/routes.js';
import { svcficationsRoutes } from './areas/svcfications/routes.js';
import type { Context } from './context.js';
import { CredentialResolver } from './core/customers.js';
import { AppError } from './core/errors.js';
import { apiKey, hmac } from './core/http/auth.js';
import { connectionOptions, maxConnections } from './core/http/connections.js';
import { frameworkErrors, maxParamLength, registerHttpCore } from './core/http/index.js';
import { apiDocuments as documents } from './core/http/openapi/documents.js';
import { openapiOptions } from './core/http/openapi/index.js';
import { referencePageHeaders } from './core/http/page.js';
import type { WrittenOperations } from './core/http/openapi/written.js';
import { wireAreas } from './wiring.js';

export interface AppDeps extends Context {
  logger?: FastifyBaseLogger;
}

/**
 * Registers the routes of one API document in their own context, with the OpenAPI document served
 * at `/docs/{name}/openapi.json` and browsable at `/docs/{name}`. `written`: operations that no
 * route's schema describes, added to the document as they are.
 */
async function documented(
  app: FastifyInstance,
  name: keyof typeof documents,
  publicUrl: string,
  routes: (scope: FastifyInstance) => void,
  written?: WrittenOperations,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(swagger, openapiOptions(documents[name], publicUrl, written));
    await scope.register(swaggerUi, {
      routePrefix: `/docs/${name}`,
      uiConfig: { docExpansion: 'list' },
      // On the page, its scripts and styles (nosniff: core/http/security-headers.ts).
      staticCSP: referencePageHeaders.csp,
      uiHooks: {
        onRequest: (_request, reply, done) => {
          void reply.headers(referencePageHeaders.page);
          done();
        },
      },
    });
    routes(scope);
    scope.get(`/docs/${name}/openapi.json`, { schema: { hide: true } }, async () =>
      scope.swagger(),
    );
  });
}

/** SVC_TRUST_PROXY as Fastify takes it: nothing, any proxy, or a list of addresses and CIDRs. */
function trustedProxies(value: string): FastifyServerOptions['trustProxy'] {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** Builds the whole service; never listens (tests inject, main.ts listens). */
export async function buildApp(ctx: AppDeps): Promise<FastifyInstance> {
  const { config, store, ids } = ctx;
  const app = Fastify({
    ...(ctx.logger ? { loggerInstance: ctx.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }), // core/http/access-log.ts
    bodyLimit: config.bodyLimit,
    ...connectionOptions(config),
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { maxParamLength },
    requestIdHeader: 'x-request-id',
    genReqId: () => ids.uuid(),
    return503OnClosing: true,
    frameworkErrors,
  });
  app.server.maxConnections = maxConnections(config.maxConnections);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
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
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  const areas = wireAreas(ctx);
  registerHttpCore(
    app,
    {
      db: store.db,
      credentials: new CredentialResolver(store.db, ctx.box),
      audit: ctx.audit,
      box: ctx.box,
      clock: ctx.clock,
      ids,
      skewSeconds: config.clockSkewSeconds,
      rateLimits: {
        windowSeconds: config.rateLimitWindowSeconds,
        perAddress: config.rateLimitPerAddress,
        perCredential: config.rateLimitPerCredential,
        authFailuresPerAddress: config.rateLimitAuthFailuresPerAddress,
        authFailuresPerToken: config.rateLimitAuthFailuresPerToken,
      },
      limiters: ctx.limiters,
      contendedPerSecond: config.rateLimitContendedPerSecond,
      longPollCaps: {
        perAddress: config.longPollsPerAddress,
        perCustomer: config.longPollsPerCustomer,
      },
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
  authenticatorRoutes(app, areas.authenticator);
  webAppRoutes(app, '/console', consolePages());

  const url = config.publicUrl;
  await documented(app, 'sandbox', url, (scope) => sandboxRoutes(scope, areas.sandbox));
  // The OpenID Provider's JSON endpoints are in the FIDO document (written: its route is hijacked).
  const fidoAudit = { prefix: '/api/v1', auth: apiKey('fido') } as const;
  await documented(
    app,
    'fido',
    url,
    (scope) => {
      fidoRoutes(scope, areas.fido);
      auditRoutes(scope, areas.audit, fidoAudit);
    },
    providerOperations,
  );
  oidcRoutes(app, areas.oidc);
  await documented(app, 'main', url, (scope) => {
    identityRoutes(scope, areas.identity);
    enrollmentRoutes(scope, areas.enrollments);
    pushRoutes(scope, areas.push);
    presenceRoutes(scope, areas.presence);
    svcficationsRoutes(scope, areas.svcfications);
    svccodesRoutes(scope, areas.svccodes);
    auditRoutes(scope, areas.audit, { prefix: '/api/v2', auth: hmac('server') });
  });
  await documented(app, 'console', url, (scope) => {
    consoleRoutes(scope, areas.console);
    customerRoutes(scope, areas.console);
    auditRoutes(scope, areas.audit, {
      prefix: '/api/admin',
      auth: consoleSession('admin', 'viewer'),
      customer: customerOfConsole,
    });
  });
  return app;
}
