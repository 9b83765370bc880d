import { joinUrl, readJson, type FetchLike } from './http.js';

export type FidoStatus = 'PENDING' | 'COMPLETED' | 'EXPIRED' | 'ERROR';

export interface FidoOrganization {
  id: string;
  name: string;
  domain_name: string;
  oidc_client_id: string;
  redirect_uris: string[];
  require_platform_authenticator: boolean;
  require_resident_key: boolean;
  verify_attestation_statement: boolean;
}

export interface FidoOrganizationInput {
  name: string;
  domain_name: string;
  require_platform_authenticator?: boolean;
  require_resident_key?: boolean;
  verify_attestation_statement?: boolean;
}

export interface FidoRedirectUri {
  id: string;
  uri: string;
}

export interface FidoUser {
  id: string;
  name: string;
  registered: boolean;
  user_identifier: string;
}

/** A registration or authentication link to hand to the user. */
export interface FidoLink {
  id: string;
  user_link: string;
}

export interface FidoRegistration {
  id: string;
  callback_url?: string;
  sms_phone_number?: string;
  redirect_url?: string;
  user: FidoUser;
  status: FidoStatus;
}

export interface FidoAuthentication {
  id: string;
  callback_url?: string;
  sms_phone_number?: string;
  user_identifier?: string;
  user?: FidoUser;
  /** Only in the answer to `createAuthentication`. */
  user_link?: string;
  status: FidoStatus;
}

export interface FidoClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
}

/** Client of the FIDO API (Area C); non-2xx answers throw SvcApiError. */
export class FidoClient {
  private readonly fetch: FetchLike;
  constructor(private readonly options: FidoClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  createOrganization(input: FidoOrganizationInput): Promise<FidoOrganization> {
    return this.call('POST', '/api/v1/organizations', input);
  }

  /** The service answers this GET with 201, as the specification states. */
  getOrganization(id: string): Promise<FidoOrganization> {
    return this.call('GET', `/api/v1/organizations/${encodeURIComponent(id)}`);
  }

  addRedirectUri(uri: string): Promise<FidoRedirectUri> {
    return this.call('POST', '/api/v1/redirect_uris', { uri });
  }

  listRedirectUris(): Promise<FidoRedirectUri[]> {
    return this.call('GET', '/api/v1/redirect_uris');
  }

  createUser(input: { name: string; user_identifier: string }): Promise<FidoUser> {
    return this.call('POST', '/api/v1/users', input);
  }

  async searchUsers(
    filter: { registered?: boolean; user_identifier?: string } = {},
  ): Promise<FidoUser[]> {
    return (await this.call<{ users: FidoUser[] }>('POST', '/api/v1/users/search', filter)).users;
  }

  /** Creates the user when missing. */
  createRegistration(input: {
    user: { user_identifier: string; name?: string };
    callback_url?: string;
    sms_phone_number?: string;
  }): Promise<FidoLink> {
    return this.call('POST', '/api/v1/registrations', input);
  }

  /** Enrolls a (further) authenticator for an existing user. */
  enrollUser(
    userId: string,
    input: { callback_url?: string; redirect_url?: string; sms_phone_number?: string } = {},
  ): Promise<FidoLink> {
    return this.call('POST', `/api/v1/users/${encodeURIComponent(userId)}/registrations`, input);
  }

  getRegistration(id: string): Promise<FidoRegistration> {
    return this.call('GET', `/api/v1/registrations/${encodeURIComponent(id)}`);
  }

  createAuthentication(
    input: { user_identifier?: string; callback_url?: string; sms_phone_number?: string } = {},
  ): Promise<FidoAuthentication & { user_link: string }> {
    return this.call('POST', '/api/v1/authentications', input);
  }

  getAuthentication(id: string): Promise<FidoAuthentication> {
    return this.call('GET', `/api/v1/authentications/${encodeURIComponent(id)}`);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
