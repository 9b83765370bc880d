import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { apiKey } from '../../core/http/auth.js';
import { optionalBody } from '../../core/http/body.js';
import { audited } from '../../core/audit/trail.js';
import { customerOf } from '../../core/http/caller.js';
import { limitPerCredential } from '../../core/http/rate-limit.js';
import { claimReplay } from '../../core/http/replay.js';
import { invalidAs } from '../../core/http/validation.js';
import { addRedirectUri } from './organizations/add-redirect-uri.js';
import { createAuthentication } from './links/create-authentication.js';
import { createOrganization } from './organizations/create-organization.js';
import { createRegistration } from './links/create-registration.js';
import { createUser } from './users/create-user.js';
import type { FidoDeps } from './deps.js';
import { deleteCredential } from './users/delete-credential.js';
import { enrollUser } from './links/enroll-user.js';
import { getAuthentication } from './links/get-authentication.js';
import { getOrganization } from './organizations/get-organization.js';
import { getRegistration } from './links/get-registration.js';
import { listCredentials } from './users/list-credentials.js';
import { listRedirectUris } from './organizations/list-redirect-uris.js';
import { pageRoutes } from './pages/routes.js';
import { rotateClientSecret } from './organizations/rotate-client-secret.js';
import { renameCredential } from './users/rename-credential.js';
import { route } from './schemas.js';
import { searchUsers } from './users/search-users.js';

// Every call: the FIDO API key, its credential's limit; bad input is 400 MISSING_FIELDS.
const invalid = invalidAs('MISSING_FIELDS');
const read = { preValidation: [apiKey('fido'), limitPerCredential], schemaErrorFormatter: invalid };
// A write's answer is kept for its retries with the same Idempotency-Key.
const write = {
  preValidation: [apiKey('fido'), limitPerCredential, claimReplay()],
  schemaErrorFormatter: invalid,
};
// The new client secret is shown once: never kept, so a retry runs again.
const secretAnswer = read;
// Both search filters are optional, so a request may come without any body.
const search = { ...write, preValidation: [optionalBody, ...write.preValidation] };

/**
 * Area C route table: `Authorization: SVC <fido_api_key>`; everything is scoped by the caller.
 * The pages behind `user_link` and their two calls are registered last.
 */
export function fidoRoutes(app: FastifyInstance, deps: FidoDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/api/v1/organizations',
    { ...write, schema: route.createOrganization },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createOrganization(audited(deps, request), customerOf(request), request.body)),
  );
  r.get(
    '/api/v1/organizations/:id',
    { ...read, schema: route.getOrganization },
    async (request, reply) =>
      reply.code(201).send(await getOrganization(deps, customerOf(request), request.params.id)),
  );
  r.post(
    '/api/v1/organizations/:id/client_secret',
    { ...secretAnswer, schema: route.rotateClientSecret },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await rotateClientSecret(audited(deps, request), customerOf(request), request.params.id),
        ),
  );
  r.post(
    '/api/v1/redirect_uris',
    { ...write, schema: route.addRedirectUri },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addRedirectUri(audited(deps, request), customerOf(request), request.body.uri)),
  );
  r.get('/api/v1/redirect_uris', { ...read, schema: route.listRedirectUris }, async (request) =>
    listRedirectUris(deps, customerOf(request)),
  );

  r.post('/api/v1/users', { ...write, schema: route.createUser }, async (request, reply) =>
    reply
      .code(201)
      .send(await createUser(audited(deps, request), customerOf(request), request.body)),
  );
  r.post('/api/v1/users/search', { ...search, schema: route.searchUsers }, async (request) =>
    searchUsers(deps, customerOf(request), request.body),
  );

  const credential = '/api/v1/users/:user_id/credentials/:id';
  r.get(
    '/api/v1/users/:user_id/credentials',
    { ...read, schema: route.listCredentials },
    async (request) => listCredentials(deps, customerOf(request), request.params.user_id),
  );
  r.patch(credential, { ...write, schema: route.renameCredential }, async (request) => {
    const { user_id: userId, id } = request.params;
    return renameCredential(
      audited(deps, request),
      customerOf(request),
      userId,
      id,
      request.body.name,
    );
  });
  r.delete(credential, { ...write, schema: route.deleteCredential }, async (request, reply) => {
    const { user_id: userId, id } = request.params;
    return reply
      .code(204)
      .send(await deleteCredential(audited(deps, request), customerOf(request), userId, id));
  });

  r.post(
    '/api/v1/registrations',
    { ...write, schema: route.createRegistration },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRegistration(audited(deps, request), customerOf(request), request.body)),
  );
  r.post(
    '/api/v1/users/:user_id/registrations',
    { ...write, schema: route.enrollUser },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await enrollUser(
            audited(deps, request),
            customerOf(request),
            request.params.user_id,
            request.body,
          ),
        ),
  );
  r.get('/api/v1/registrations/:id', { ...read, schema: route.getRegistration }, async (request) =>
    getRegistration(deps, customerOf(request), request.params.id),
  );

  r.post(
    '/api/v1/authentications',
    { ...write, schema: route.createAuthentication },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createAuthentication(audited(deps, request), customerOf(request), request.body),
        ),
  );
  r.get(
    '/api/v1/authentications/:id',
    { ...read, schema: route.getAuthentication },
    async (request) => getAuthentication(deps, customerOf(request), request.params.id),
  );

  pageRoutes(app, deps);
}
