import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { AppError, assertThat } from '../../core/errors.js';
import { scriptHeaders } from '../../core/http/browser-script.js';
import { apiKey } from '../../core/http/auth.js';
import { customerOf } from '../../core/http/caller.js';
import {
  countRawAuthFailures,
  limitPerCredential,
  refuseClientPastFailures,
} from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { nosniffOnRawAnswer } from '../../core/http/security-headers.js';
import { invalidAs } from '../../core/http/validation.js';
import { getClientSettings, updateClientSettings } from './client-settings.js';
import { recordSignIn } from './sign-in-event.js';
import { audited } from '../../core/audit/trail.js';
import type { OidcDeps } from './deps.js';
import { finishPasskey } from './finish-passkey.js';
import { finishInteraction, openInteraction, pendingOf, type Exchange } from './interaction.js';
import { acrOfLevel, requiredLevel } from './levels.js';
import { loginScript } from './pages/script.js';
import { loginPage, staleLoginPage } from './pages/template.js';
import { handOver } from './hand-over.js';
import { Providers } from './providers.js';
import { route } from './schemas.js';
import { passkeyLevel, startPasskey } from './start-passkey.js';
import { startPhone } from './start-phone.js';
import { pollPhone } from './poll-phone.js';

// The sign-in page's calls: bad input is 400 MISSING_FIELDS.
const call = { schemaErrorFormatter: invalidAs('MISSING_FIELDS') };
// The client's settings: FIDO API calls (its key, its limit; a write's answer kept for retries).
const api = { ...call, preValidation: [apiKey('fido'), limitPerCredential] };
const apiWrite = { ...call, preValidation: [...api.preValidation, claimReplay()] };
// oidc-provider answers on the raw response, past every onSend hook: its security header is set
// first, and its failed client authentications are counted once sent.
const answersRaw = {
  onRequest: [nosniffOnRawAnswer, refuseClientPastFailures],
  onResponse: [countRawAuthFailures],
};
const raw = (request: FastifyRequest, reply: FastifyReply): Exchange => ({
  req: request.raw,
  res: reply.raw,
});

/**
 * "Sign in with svc": every organization's OpenID Provider under `/oidc/{organization_id}`
 * (oidc-provider answers its own endpoints there), and the sign-in page it sends users to.
 */
export function oidcRoutes(app: FastifyInstance, deps: OidcDeps): void {
  const providers = new Providers(deps);
  /** The sign-in behind a page call: its provider, interaction (by cookie) and raw exchange. */
  const signIn = async (
    { organization, uid }: { organization: string; uid: string },
    exchange: Exchange,
    request: FastifyRequest,
  ) => {
    const entry = await providers.of(organization);
    assertThat(entry, 'ORGANIZATION_NOT_FOUND');
    const interaction = await openInteraction(entry.provider, exchange, uid);
    const finish = async (method: 'passkey' | 'phone', result: InteractionResults) => {
      const outcome = result.login ? 'login' : String(result.error);
      deps.metrics.oidcSignIns.inc({ method, outcome });
      await recordSignIn(audited(deps, request), organization, method, result);
      return finishInteraction(entry.provider, exchange, result);
    };
    return { organization, interaction, finish };
  };
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  const client = '/api/v1/organizations/:id/oidc_client';
  r.get(client, { ...api, schema: route.getClient }, async (request) =>
    getClientSettings(deps, customerOf(request), request.params.id),
  );
  r.patch(client, { ...apiWrite, schema: route.updateClient }, async (request) =>
    updateClientSettings(
      audited(deps, request),
      customerOf(request),
      request.params.id,
      request.body,
    ),
  );

  r.get('/oidc/assets/login.js', { schema: route.script }, async (_request, reply) => {
    const script = await loginScript();
    return reply.headers(scriptHeaders(script)).send(script.code);
  });
  r.get('/oidc/:organization/interaction/:uid', { schema: route.page }, async (request, reply) => {
    const { organization, uid } = request.params;
    const entry = await providers.of(organization);
    const interaction = entry
      ? await openInteraction(entry.provider, raw(request, reply), uid).catch(() => undefined)
      : undefined;
    const org = interaction && (await deps.fido.organization(organization));
    const level = requiredLevel(interaction?.params.acr_values);
    const page = org
      ? loginPage({
          organizationName: org.name,
          acr: level ? acrOfLevel(level) : undefined,
          passkey: level <= passkeyLevel,
        })
      : staleLoginPage(new AppError('OIDC_INTERACTION_NOT_FOUND').description);
    return reply
      .code(org ? 200 : 404)
      .headers(page.headers)
      .send(page.html);
  });
  r.post(
    '/oidc/:organization/interaction/:uid/passkey',
    { ...call, schema: route.startPasskey },
    async (request, reply) => {
      const { organization, interaction, finish } = await signIn(
        request.params,
        raw(request, reply),
        request,
      );
      const started = await startPasskey(deps, organization, interaction);
      return started === 'insufficient'
        ? finish('passkey', {
            error: 'unmet_authentication_requirements',
            error_description: 'A passkey cannot prove the requested assurance level.',
          })
        : started;
    },
  );
  r.post(
    '/oidc/:organization/interaction/:uid/passkey/finish',
    { ...call, schema: route.finishPasskey },
    async (request, reply) => {
      const { organization, interaction, finish } = await signIn(
        request.params,
        raw(request, reply),
        request,
      );
      return finish(
        'passkey',
        await finishPasskey(deps, organization, interaction, request.body.response),
      );
    },
  );
  r.post(
    '/oidc/:organization/interaction/:uid/phone',
    { ...call, schema: route.startPhone },
    async (request, reply) => {
      const { organization, interaction } = await signIn(
        request.params,
        raw(request, reply),
        request,
      );
      return startPhone(deps, organization, interaction);
    },
  );
  r.post(
    '/oidc/:organization/interaction/:uid/phone/poll',
    { ...call, schema: route.pollPhone },
    async (request, reply) => {
      const { organization, interaction, finish } = await signIn(
        request.params,
        raw(request, reply),
        request,
      );
      // A long poll: the wait is registered before the step is read, so no change goes unseen.
      const { svccode, svcfication } = pendingOf(interaction);
      const step = svcfication ? { svcficationId: svcfication } : { svccodeId: svccode ?? '' };
      const moved = deps.phone.watch(step, svccode ? (request.query.wait ?? 0) * 1000 : 0);
      try {
        let result = await pollPhone(deps, organization, interaction);
        // A svcfication sent just now is a new step: the page asks again at once.
        if (result === 'waiting' && pendingOf(interaction).svcfication === svcfication) {
          await moved.woken;
          result = await pollPhone(deps, organization, interaction);
        }
        return result === 'waiting' ? { state: result } : finish('phone', result);
      } finally {
        moved.cancel();
      }
    },
  );

  // oidc-provider reads its own bodies (form or JSON), so this scope parses none.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .all(
        '/oidc/:organization/*',
        { ...answersRaw, schema: route.provider },
        async (request, reply) => {
          const entry = await providers.of(request.params.organization);
          assertThat(entry, 'ORGANIZATION_NOT_FOUND');
          const url = request.raw.url ?? '/';
          const prefix = /^\/oidc\/[^/?#]+/.exec(url)?.[0] ?? '';
          reply.hijack();
          await handOver(entry, request.raw, reply.raw, url.slice(prefix.length));
        },
      );
    // RFC 8414 §3: the metadata of issuer `{base}/oidc/{id}` at the host's well-known path.
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/.well-known/oauth-authorization-server/*',
        { ...answersRaw, schema: route.serverMetadata },
        async (request, reply) => {
          const organization = /(?:^|\/)oidc\/([^/?#]+)$/.exec(request.params['*'])?.[1];
          const entry = organization ? await providers.of(organization) : undefined;
          assertThat(entry, 'ORGANIZATION_NOT_FOUND');
          reply.hijack();
          await handOver(entry, request.raw, reply.raw, '/.well-known/openid-configuration');
        },
      );
  });
}
