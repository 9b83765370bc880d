import { Type } from '@sinclair/typebox';
import {
  ErrorBody,
  ErrorWithFieldsBody,
  FidoAuthentication,
  FidoAuthenticationBody,
  FidoCeremonyOptions,
  FidoClientSecret,
  FidoCeremonyResult,
  FidoCredential,
  FidoCredentialList,
  FidoCredentialPatchBody,
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
import { op } from '../../core/http/schemas.js';

export type {
  FidoAuthentication as AuthenticationView,
  FidoCeremonyResult as CeremonyResult,
  FidoCredential as CredentialView,
  FidoCredentialList as CredentialList,
  FidoOrganization as OrganizationView,
  FidoRegistration as RegistrationView,
  FidoUser as UserView,
} from '@svc/wire';

const singular = (kind: string) => kind.replace(/s$/, '');
const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const IdParams = Type.Object({ id: Type.String({ maxLength: 128 }) });
const UserIdParams = Type.Object({ user_id: Type.String({ maxLength: 128 }) });
const CredentialParams = Type.Object({
  user_id: Type.String({ maxLength: 128 }),
  id: Type.String({ maxLength: 128 }),
});
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
    ...op('createOrganization', 'Organizations', "Create the caller's organization"),
    body: FidoOrganizationBody,
    response: { 201: FidoOrganization, ...errors },
  },
  getOrganization: {
    ...op(
      'getOrganization',
      'Organizations',
      'Read the organization',
      'Answers 201: the success code the specification states for this GET, kept as stated.',
    ),
    params: IdParams,
    response: { 201: FidoOrganization, ...errors },
  },
  rotateClientSecret: {
    ...op(
      'rotateClientSecret',
      'Organizations',
      'Issue a new OpenID client secret',
      'For "Sign in with svc" (README): makes the organization\'s OpenID client confidential. ' +
        'The secret is answered once; a new one replaces the previous one at once.',
    ),
    params: IdParams,
    response: { 201: FidoClientSecret, ...errors },
  },
  addRedirectUri: {
    ...op('addRedirectUri', 'Organizations', 'Allow a redirect URI'),
    body: FidoRedirectUriBody,
    response: { 201: FidoRedirectUri, ...errors },
  },
  listRedirectUris: {
    ...op('listRedirectUris', 'Organizations', 'List redirect URIs'),
    response: { 200: Type.Array(FidoRedirectUri), ...errors },
  },
  createUser: {
    ...op('createUser', 'Users', 'Create a user'),
    body: FidoUserBody,
    response: { 201: FidoUser, ...errors },
  },
  searchUsers: {
    ...op('searchUsers', 'Users', 'Search users'),
    body: FidoUserSearchBody,
    response: { 200: FidoUserList, ...errors },
  },
  listCredentials: {
    ...op('listCredentials', 'Users', "A user's passkeys"),
    params: UserIdParams,
    response: { 200: FidoCredentialList, ...errors },
  },
  renameCredential: {
    ...op('renameCredential', 'Users', 'Rename a passkey'),
    params: CredentialParams,
    body: FidoCredentialPatchBody,
    response: { 200: FidoCredential, ...errors },
  },
  deleteCredential: {
    ...op('deleteCredential', 'Users', 'Remove a passkey (the last one unregisters the user)'),
    params: CredentialParams,
    response: { 204: { type: 'null' }, ...errors },
  },
  createRegistration: {
    ...op('createRegistration', 'Registrations', 'Registration link (creates the user)'),
    body: FidoRegistrationBody,
    response: { 201: FidoLink, ...errors },
  },
  enrollUser: {
    ...op('enrollUser', 'Registrations', 'Enroll or re-enroll a user'),
    params: UserIdParams,
    body: FidoEnrollBody,
    response: { 201: FidoLink, ...errors },
  },
  getRegistration: {
    ...op('getRegistration', 'Registrations', 'Read a registration'),
    params: IdParams,
    response: { 200: FidoRegistration, ...errors },
  },
  createAuthentication: {
    ...op('createAuthentication', 'Authentications', 'Login link'),
    body: FidoAuthenticationBody,
    response: { 201: FidoAuthentication, ...errors },
  },
  getAuthentication: {
    ...op('getAuthentication', 'Authentications', 'Read an authentication'),
    params: IdParams,
    response: { 200: FidoAuthentication, ...errors },
  },
  page: { hide: true, params: IdParams },
  options: (kind: string) => ({
    ...op(`${singular(kind)}Options`, 'Pages', `WebAuthn options for the ${singular(kind)} page`),
    params: IdParams,
    body: FidoSecretBody,
    response: { 200: FidoCeremonyOptions, ...pageErrors },
  }),
  verify: (kind: string) => ({
    ...op(
      `verify${title(singular(kind))}`,
      'Pages',
      `Verify the ${singular(kind)} page's response`,
    ),
    params: IdParams,
    body: FidoVerifyBody,
    response: { 200: FidoCeremonyResult, ...pageErrors },
  }),
};
