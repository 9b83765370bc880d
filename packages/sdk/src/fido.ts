import { AuditLog } from './audit.js';
import type {
  FidoAuthentication,
  FidoAuthenticationBody,
  FidoClientSecret,
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
  FidoUser,
  FidoUserBody,
  FidoUserList,
  FidoUserSearchBody,
  OidcClientSettings,
  OidcClientSettingsBody,
} from '@svc/wire/web';
import {
  CallbackVerifier,
  customerIdOf,
  type CallbackHeaders,
  type VerifiedCallback,
} from './callbacks.js';
import { joinUrl, readJson, type FetchLike } from './http.js';

const credentialPath = (userId: string, credentialId: string) =>
  `/api/v1/users/${encodeURIComponent(userId)}/credentials/${encodeURIComponent(credentialId)}`;

export interface FidoClientOptions {
  /** svc's base URL, e.g. `https://svc.example.com`. */
  baseUrl: string;
  /** The customer's `fido_api_key`. */
  apiKey: string;
  fetch?: FetchLike;
}

/** Client of the FIDO API (Area C); non-2xx answers throw a SvcApiError subclass (errors.ts). */
export class FidoClient {
  private readonly fetch: FetchLike;
  private verifier: CallbackVerifier | undefined;
  /** The customer's audit trail, read with the FIDO API key (the same log as `RpClient.audit`). */
  readonly audit = new AuditLog((path) => this.call('GET', path), '/api/v1');
  constructor(private readonly options: FidoClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  createOrganization(input: FidoOrganizationBody): Promise<FidoOrganization> {
    return this.call('POST', '/api/v1/organizations', input);
  }

  /** The service answers this GET with 201, as the specification states. */
  getOrganization(id: string): Promise<FidoOrganization> {
    return this.call('GET', `/api/v1/organizations/${encodeURIComponent(id)}`);
  }

  /** A new OpenID client secret for "Sign in with svc" (answered once; replaces the last one). */
  rotateClientSecret(organizationId: string): Promise<FidoClientSecret> {
    return this.call(
      'POST',
      `/api/v1/organizations/${encodeURIComponent(organizationId)}/client_secret`,
    );
  }

  /** The OpenID client's settings for "Sign in with svc" (PKCE policy, ID token algorithm, CIBA). */
  oidcClient(organizationId: string): Promise<OidcClientSettings> {
    return this.call('GET', oidcClientPath(organizationId));
  }

  /** Changes what `settings` names; the provider uses it at once. */
  updateOidcClient(
    organizationId: string,
    settings: OidcClientSettingsBody,
  ): Promise<OidcClientSettings> {
    return this.call('PATCH', oidcClientPath(organizationId), settings);
  }

  addRedirectUri(uri: string): Promise<FidoRedirectUri> {
    return this.call('POST', '/api/v1/redirect_uris', { uri } satisfies FidoRedirectUriBody);
  }

  listRedirectUris(): Promise<FidoRedirectUri[]> {
    return this.call('GET', '/api/v1/redirect_uris');
  }

  createUser(input: FidoUserBody): Promise<FidoUser> {
    return this.call('POST', '/api/v1/users', input);
  }

  async searchUsers(filter: FidoUserSearchBody = {}): Promise<FidoUser[]> {
    return (await this.call<FidoUserList>('POST', '/api/v1/users/search', filter)).users;
  }

  /** A user's passkeys, oldest first. */
  async listCredentials(userId: string): Promise<FidoCredential[]> {
    const path = `/api/v1/users/${encodeURIComponent(userId)}/credentials`;
    return (await this.call<FidoCredentialList>('GET', path)).credentials;
  }

  renameCredential(userId: string, credentialId: string, name: string): Promise<FidoCredential> {
    return this.call('PATCH', credentialPath(userId, credentialId), {
      name,
    } satisfies FidoCredentialPatchBody);
  }

  /** Removes a passkey; removing the last one makes the user unregistered. */
  async deleteCredential(userId: string, credentialId: string): Promise<void> {
    await this.call<undefined>('DELETE', credentialPath(userId, credentialId));
  }

  /** Creates the user when missing. */
  createRegistration(input: FidoRegistrationBody): Promise<FidoLink> {
    return this.call('POST', '/api/v1/registrations', input);
  }

  /** Enrolls a (further) authenticator for an existing user. */
  enrollUser(userId: string, input: FidoEnrollBody = {}): Promise<FidoLink> {
    return this.call('POST', `/api/v1/users/${encodeURIComponent(userId)}/registrations`, input);
  }

  getRegistration(id: string): Promise<FidoRegistration> {
    return this.call('GET', `/api/v1/registrations/${encodeURIComponent(id)}`);
  }

  createAuthentication(
    input: FidoAuthenticationBody = {},
  ): Promise<FidoAuthentication & { user_link: string }> {
    return this.call('POST', '/api/v1/authentications', input);
  }

  getAuthentication(id: string): Promise<FidoAuthentication> {
    return this.call('GET', `/api/v1/authentications/${encodeURIComponent(id)}`);
  }

  /**
   * Checks a registration or authentication callback svc POSTed to a `callback_url` (see
   * `CallbackVerifier`; your customer id is read from the API key); throws
   * CallbackVerificationError when it must not be trusted.
   */
  async verifyCallback<T extends FidoRegistration | FidoAuthentication>(
    body: string | Uint8Array | object,
    headers: CallbackHeaders,
  ): Promise<VerifiedCallback<T>> {
    this.verifier ??= new CallbackVerifier({
      baseUrl: this.options.baseUrl,
      customerId: customerIdOf(this.options.apiKey),
      fetch: this.fetch,
    });
    return this.verifier.verify<T>(body, headers);
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `SVC ${this.options.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return readJson<T>(response);
  }
}

const oidcClientPath = (organizationId: string) =>
  `/api/v1/organizations/${encodeURIComponent(organizationId)}/oidc_client`;
