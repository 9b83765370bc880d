import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../../core/audit/trail.js';
import type { FastifyInstance } from 'fastify';
import { authenticationOptions } from '../links/authentication-options.js';
import type { FidoDeps } from '../deps.js';
import { linkState } from '../links/link-state.js';
import { registrationOptions } from '../links/registration-options.js';
import { route } from '../schemas.js';
import { verifyAuthentication } from '../links/verify-authentication.js';
import { verifyRegistration } from '../links/verify-registration.js';
import { ceremonyScript } from './script.js';
import { scriptHeaders } from '../../../core/http/browser-script.js';
import { countWrongLinkSecret } from '../../../core/http/rate-limit.js';
import { invalidAs } from '../../../core/http/validation.js';
import { linkPage } from './template.js';

const ceremonies = {
  registrations: { options: registrationOptions, verify: verifyRegistration },
  authentications: { options: authenticationOptions, verify: verifyAuthentication },
} as const;
const pageStatus = { ready: 200, used: 410, expired: 410, invalid: 404 } as const;
// The link secret is the credential: a wrong one (404) counts as a failed authentication.
const call = { schemaErrorFormatter: invalidAs('MISSING_FIELDS'), onSend: [countWrongLinkSecret] };

/**
 * The pages behind `user_link` and the two calls their script makes; the link secret is the
 * credential.
 */
export function pageRoutes(app: FastifyInstance, deps: FidoDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/fido/assets/ceremony.js', { schema: { hide: true } }, async (_request, reply) => {
    const script = await ceremonyScript();
    return reply.headers(scriptHeaders(script)).send(script.code);
  });

  for (const [kind, ceremony] of Object.entries(ceremonies) as [
    keyof typeof ceremonies,
    (typeof ceremonies)[keyof typeof ceremonies],
  ][]) {
    r.get(`/fido/${kind}/:id`, { schema: route.page }, async (request, reply) => {
      const view = await linkState(deps, kind, request.params.id);
      const page = linkPage(kind, view);
      return reply.code(pageStatus[view.state]).headers(page.headers).send(page.html);
    });
    r.post(`/fido/${kind}/:id/options`, { ...call, schema: route.options(kind) }, async (request) =>
      ceremony.options(audited(deps, request), request.params.id, request.body.secret),
    );
    r.post(`/fido/${kind}/:id/verify`, { ...call, schema: route.verify(kind) }, async (request) =>
      ceremony.verify(
        audited(deps, request),
        request.params.id,
        request.body.secret,
        request.body.response,
      ),
    );
  }
}
