import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ConsoleSession } from '@svc/wire';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { audited } from '../../core/audit/trail.js';
import { AppError } from '../../core/errors.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import type { ConsoleDeps } from './deps.js';
import { health, requestMetrics, retryDelivery } from './health.js';
import { beginAcceptance, createInvitation, finishAcceptance } from './invitations.js';
import { route } from './schemas.js';
import { consoleSession, consoleUserOf, sessionToken, setSessionCookie } from './session-step.js';
import { endSession, openSession, sessionLifetimeMs } from './sessions.js';
import { beginSignIn, finishSignIn } from './sign-in.js';

// Who may call: anyone signed in; an operator; an operator or a customer's admin.
const signedIn = {
  preValidation: [consoleSession('operator', 'admin', 'viewer'), limitPerCredential],
};
const operator = { preValidation: [consoleSession('operator'), limitPerCredential] };
const inviter = { preValidation: [consoleSession('operator', 'admin'), limitPerCredential] };

/**
 * The console's admin API (`/api/admin`, docs/console.md): sessions opened with a passkey of svc's
 * own FIDO organization, invitations, and the operator's customers and health. A customer's pages
 * are customer/routes.ts; its audit trail is under the same prefix (app.ts).
 */
export function consoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const signIn = (reply: FastifyReply, opened: { token: string; session: ConsoleSession }) => {
    setSessionCookie(reply, deps.config.publicUrl, opened.token, sessionLifetimeMs / 1000);
    return opened.session;
  };

  r.post('/api/admin/sign_in', { schema: route.beginSignIn }, async () => beginSignIn(deps));
  r.post('/api/admin/sign_in/finish', { schema: route.finishSignIn }, async (request, reply) =>
    signIn(reply, await finishSignIn(audited(deps, request), request.body)),
  );
  r.post('/api/admin/invitations/accept', { schema: route.beginAcceptance }, async (request) =>
    beginAcceptance(deps, request.body.invitation),
  );
  r.post(
    '/api/admin/invitations/accept/finish',
    { schema: route.finishAcceptance },
    async (request, reply) =>
      signIn(reply, await finishAcceptance(audited(deps, request), request.body)),
  );
  r.get('/api/admin/session', { ...signedIn, schema: route.session }, async (request) => {
    const opened = await openSession(deps.db, sessionToken(request) ?? '', deps.clock.now());
    if (!opened) throw new AppError('CONSOLE_SIGNED_OUT');
    return opened.session;
  });
  r.delete('/api/admin/session', { ...signedIn, schema: route.signOut }, async (request, reply) => {
    await endSession(audited(deps, request), sessionToken(request) ?? '', consoleUserOf(request));
    setSessionCookie(reply, deps.config.publicUrl, '', 0);
    return reply.code(204).send();
  });
  r.post('/api/admin/invitations', { ...inviter, schema: route.invite }, async (request, reply) =>
    reply
      .code(201)
      .send(await createInvitation(audited(deps, request), consoleUserOf(request), request.body)),
  );

  r.get('/api/admin/customers', { ...operator, schema: route.customers }, async () => ({
    customers: await deps.actions.listCustomers(),
  }));
  r.post(
    '/api/admin/customers',
    { ...operator, schema: route.createCustomer },
    async (request, reply) =>
      reply
        .code(201)
        .send(await deps.actions.createCustomer(deps.audit.of(request), request.body.name)),
  );
  r.post(
    '/api/admin/customers/:id/credentials/:kind/rotate',
    { ...operator, schema: route.rotate },
    async (request) => {
      const { id, kind } = request.params;
      const rotated = await deps.actions.rotateCredential(deps.audit.of(request), id, kind);
      if (!rotated) throw new AppError('CUSTOMER_NOT_FOUND');
      return rotated;
    },
  );
  r.post(
    '/api/admin/customers/:id/credentials/:kind/revoke',
    { ...operator, schema: route.revoke },
    async (request, reply) => {
      const { id, kind } = request.params;
      const revoked = await deps.actions.revokeCredential(deps.audit.of(request), id, kind);
      if (revoked === null) throw new AppError('CUSTOMER_NOT_FOUND');
      return reply.code(204).send();
    },
  );
  r.get('/api/admin/health', { ...operator, schema: route.health }, async () => health(deps));
  r.post('/api/admin/outbox/:id/retry', { ...operator, schema: route.retry }, async (request) =>
    retryDelivery(audited(deps, request), request.params.id),
  );
  r.get('/api/admin/metrics', { ...operator, schema: route.metrics }, async () =>
    requestMetrics(deps),
  );
}
