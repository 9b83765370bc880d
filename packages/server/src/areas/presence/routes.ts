import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { audited } from '../../core/audit/trail.js';
import type { FastifyInstance } from 'fastify';
import { customerOf, signerOf } from '../../core/http/caller.js';
import { preflights } from '../../core/http/cors.js';
import { deviceWrite } from '../../core/http/device-write.js';
import type { PresenceDeps } from './deps.js';
import { registerPresenceCredential } from './register-credential.js';
import { route } from './schemas.js';

/** Presence (Area B): the WebAuthn credential a web app proves its user's presence with. */
export function presenceRoutes(app: FastifyInstance, deps: PresenceDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, ['/api/v2/presence/credential']);
  r.put('/api/v2/presence/credential', { ...deviceWrite, schema: route.setCredential }, (request) =>
    registerPresenceCredential(
      audited(deps, request),
      customerOf(request),
      signerOf(request),
      request.body,
    ),
  );
}
