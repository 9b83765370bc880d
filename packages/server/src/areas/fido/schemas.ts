import { Type } from '@sinclair/typebox';
import {
  ErrorBody,
  ErrorWithFieldsBody,
  FidoAuthentication,
  FidoAuthenticationBody,
  FidoCeremonyOptions,
  FidoCeremonyResult,
  FidoEnrollBody,
  FidoLink,
  FidoOrganization,
  FidoOrganizationBody,
  FidoRedirectUri,
  FidoRedirectUriBody,
  FidoRegistration,
  FidoRegistrationBody,
  FidoSecretBody,
  FidoUser,
  FidoUserBody,
  FidoUserList,
  FidoUserSearchBody,
  FidoVerifyBody,
} from '@svc/wire';

export type {
  FidoAuthentication as AuthenticationView,
  FidoCeremonyResult as CeremonyResult,
  FidoOrganization as OrganizationView,
  FidoRegistration as RegistrationView,
  FidoUser as UserView,
} from '@svc/wire';

const IdParams = Type.Object({ id: Type.String({ maxLength: 128 }) });
const UserIdParams = Type.Object({ user_id: Type.String({ maxLength: 128 }) });
// 400s carry `field_errors` when fields were at fault.
const errors = {
  400: ErrorWithFieldsBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
};
const pageErrors = { 400: ErrorWithFieldsBody, 404: ErrorBody, 410: ErrorBody };

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  createOrganization: {
    summary: "Create the caller's organization",
    body: FidoOrganizationBody,
    response: { 201: FidoOrganization, ...errors },
  },
  getOrganization: {
    summary: 'Read the organization (201, as the spec states)',
    params: IdParams,
    response: { 201: FidoOrganization, ...errors },
  },
  addRedirectUri: {
    summary: 'Allow a redirect URI',
    body: FidoRedirectUriBody,
    response: { 201: FidoRedirectUri, ...errors },
  },
  listRedirectUris: {
    summary: 'List redirect URIs',
    response: { 200: Type.Array(FidoRedirectUri), ...errors },
  },
  createUser: {
    summary: 'Create a user',
    body: FidoUserBody,
    response: { 201: FidoUser, ...errors },
  },
  searchUsers: {
    summary: 'Search users',
    body: FidoUserSearchBody,
    response: { 200: FidoUserList, ...errors },
  },
  createRegistration: {
    summary: 'Registration link (creates the user)',
    body: FidoRegistrationBody,
    response: { 201: FidoLink, ...errors },
  },
  enrollUser: {
    summary: 'Enroll or re-enroll a user',
    params: UserIdParams,
    body: FidoEnrollBody,
    response: { 201: FidoLink, ...errors },
  },
  getRegistration: {
    summary: 'Read a registration',
    params: IdParams,
    response: { 200: FidoRegistration, ...errors },
  },
  createAuthentication: {
    summary: 'Login link',
    body: FidoAuthenticationBody,
    response: { 201: FidoAuthentication, ...errors },
  },
  getAuthentication: {
    summary: 'Read an authentication',
    params: IdParams,
    response: { 200: FidoAuthentication, ...errors },
  },
  page: { hide: true, params: IdParams },
  options: (kind: string) => ({
    summary: `Page call: WebAuthn options for ${kind}`,
    params: IdParams,
    body: FidoSecretBody,
    response: { 200: FidoCeremonyOptions, ...pageErrors },
  }),
  verify: (kind: string) => ({
    summary: `Page call: verify the ${kind} response`,
    params: IdParams,
    body: FidoVerifyBody,
    response: { 200: FidoCeremonyResult, ...pageErrors },
  }),
};
