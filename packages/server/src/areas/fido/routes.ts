import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorBody } from '../../core/http/schemas.js';
import { addRedirectUri } from './add-redirect-uri.js';
import { createAuthentication } from './create-authentication.js';
import { createOrganization } from './create-organization.js';
import { createRegistration } from './create-registration.js';
import { createUser } from './create-user.js';
import type { FidoDeps } from './deps.js';
import { enrollUser } from './enroll-user.js';
import { getAuthentication } from './get-authentication.js';
import { getOrganization } from './get-organization.js';
import { getRegistration } from './get-registration.js';
import { listRedirectUris } from './list-redirect-uris.js';
import { pageRoutes } from './pages/routes.js';
import * as S from './schemas.js';
import { searchUsers } from './search-users.js';

const fido = { auth: ['fido'], invalid: 'MISSING_FIELDS' } as const;
const errors = {
  400: S.FidoErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
};
const caller = (request: FastifyRequest) => request.caller?.customerId ?? '';
// Both search filters are optional, so a request may come without any body.
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

/**
 * Area C route table: `Authorization: SVC <fido_api_key>`; everything is scoped by the caller.
 * The pages behind `user_link` and their two calls are registered last.
 */
export function fidoRoutes(app: FastifyInstance, deps: FidoDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/v1/organizations',
    {
      config: fido,
      schema: {
        summary: "Create the caller's organization",
        body: S.OrganizationBody,
        response: { 201: S.Organization, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(deps, caller(request), request.body)),
  );
  r.get(
    '/api/v1/organizations/:id',
    {
      config: fido,
      schema: {
        summary: 'Read the organization (201, as the spec states)',
        params: S.IdParams,
        response: { 201: S.Organization, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await getOrganization(deps, caller(request), request.params.id)),
  );

  r.post(
    '/api/v1/redirect_uris',
    {
      config: fido,
      schema: {
        summary: 'Allow a redirect URI',
        body: S.RedirectUriBody,
        response: { 201: S.RedirectUri, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addRedirectUri(deps, caller(request), request.body.uri)),
  );
  r.get(
    '/api/v1/redirect_uris',
    {
      config: fido,
      schema: {
        summary: 'List redirect URIs',
        response: { 200: Type.Array(S.RedirectUri), ...errors },
      },
    },
    async (request) => listRedirectUris(deps, caller(request)),
  );

  r.post(
    '/api/v1/users',
    {
      config: fido,
      schema: { summary: 'Create a user', body: S.UserBody, response: { 201: S.User, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(deps, caller(request), request.body)),
  );
  r.post(
    '/api/v1/users/search',
    {
      config: fido,
      preValidation: noBodyIsEmpty,
      schema: {
        summary: 'Search users',
        body: S.UserSearchBody,
        response: { 200: S.UserList, ...errors },
      },
    },
    async (request) => searchUsers(deps, caller(request), request.body),
  );

  r.post(
    '/api/v1/registrations',
    {
      config: fido,
      schema: {
        summary: 'Registration link (creates the user)',
        body: S.RegistrationBody,
        response: { 201: S.LinkCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRegistration(deps, caller(request), request.body)),
  );
  r.post(
    '/api/v1/users/:user_id/registrations',
    {
      config: fido,
      schema: {
        summary: 'Enroll or re-enroll a user',
        params: S.UserIdParams,
        body: S.EnrollBody,
        response: { 201: S.LinkCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await enrollUser(deps, caller(request), request.params.user_id, request.body)),
  );
  r.get(
    '/api/v1/registrations/:id',
    {
      config: fido,
      schema: {
        summary: 'Read a registration',
        params: S.IdParams,
        response: { 200: S.Registration, ...errors },
      },
    },
    async (request) => getRegistration(deps, caller(request), request.params.id),
  );

  r.post(
    '/api/v1/authentications',
    {
      config: fido,
      schema: {
        summary: 'Login link',
        body: S.AuthenticationBody,
        response: { 201: S.Authentication, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAuthentication(deps, caller(request), request.body)),
  );
  r.get(
    '/api/v1/authentications/:id',
    {
      config: fido,
      schema: {
        summary: 'Read an authentication',
        params: S.IdParams,
        response: { 200: S.Authentication, ...errors },
      },
    },
    async (request) => getAuthentication(deps, caller(request), request.params.id),
  );

  pageRoutes(app, deps);
}
