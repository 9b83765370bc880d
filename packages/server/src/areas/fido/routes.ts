import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { customerOf as c } from '../../core/http/caller.js';
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

const fido = { auth: ['fido'], invalid: 'MISSING_FIELDS' } as const;
// Both search filters are optional, so a request may come without any body.
const search = { ...fido, optionalBody: true } as const;

/**
 * Area C route table: `Authorization: SVC <fido_api_key>`; everything is scoped by the caller.
 * The pages behind `user_link` and their two calls are registered last.
 */
export function fidoRoutes(app: FastifyInstance, deps: FidoDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/api/v1/organizations',
    { config: fido, schema: route.createOrganization },
    async (q, re) => re.code(201).send(await createOrganization(deps, c(q), q.body)),
  );
  r.get(
    '/api/v1/organizations/:id',
    { config: fido, schema: route.getOrganization },
    async (q, re) => re.code(201).send(await getOrganization(deps, c(q), q.params.id)),
  );
  r.post(
    '/api/v1/organizations/:id/client_secret',
    { config: { ...fido, secretAnswer: true }, schema: route.rotateClientSecret },
    async (q, re) => re.code(201).send(await rotateClientSecret(deps, c(q), q.params.id)),
  );
  r.post('/api/v1/redirect_uris', { config: fido, schema: route.addRedirectUri }, async (q, re) =>
    re.code(201).send(await addRedirectUri(deps, c(q), q.body.uri)),
  );
  r.get('/api/v1/redirect_uris', { config: fido, schema: route.listRedirectUris }, async (q) =>
    listRedirectUris(deps, c(q)),
  );

  r.post('/api/v1/users', { config: fido, schema: route.createUser }, async (q, re) =>
    re.code(201).send(await createUser(deps, c(q), q.body)),
  );
  r.post('/api/v1/users/search', { config: search, schema: route.searchUsers }, async (q) =>
    searchUsers(deps, c(q), q.body),
  );

  const credential = '/api/v1/users/:user_id/credentials/:id';
  r.get(
    '/api/v1/users/:user_id/credentials',
    { config: fido, schema: route.listCredentials },
    async (q) => listCredentials(deps, c(q), q.params.user_id),
  );
  r.patch(credential, { config: fido, schema: route.renameCredential }, async (q) =>
    renameCredential(deps, c(q), q.params.user_id, q.params.id, q.body.name),
  );
  r.delete(credential, { config: fido, schema: route.deleteCredential }, async (q, re) =>
    re.code(204).send(await deleteCredential(deps, c(q), q.params.user_id, q.params.id)),
  );

  r.post(
    '/api/v1/registrations',
    { config: fido, schema: route.createRegistration },
    async (q, re) => re.code(201).send(await createRegistration(deps, c(q), q.body)),
  );
  r.post(
    '/api/v1/users/:user_id/registrations',
    { config: fido, schema: route.enrollUser },
    async (q, re) => re.code(201).send(await enrollUser(deps, c(q), q.params.user_id, q.body)),
  );
  r.get('/api/v1/registrations/:id', { config: fido, schema: route.getRegistration }, async (q) =>
    getRegistration(deps, c(q), q.params.id),
  );

  r.post(
    '/api/v1/authentications',
    { config: fido, schema: route.createAuthentication },
    async (q, re) => re.code(201).send(await createAuthentication(deps, c(q), q.body)),
  );
  r.get(
    '/api/v1/authentications/:id',
    { config: fido, schema: route.getAuthentication },
    async (q) => getAuthentication(deps, c(q), q.params.id),
  );

  pageRoutes(app, deps);
}
