import { timingSafeEqual } from 'node:crypto';
import {
  hmacSignature,
  svcAuthorization,
  type ActiveBody,
  type DeviceResponse,
  type IdentityDocument,
  type UserDeviceBody,
  type UserDeviceResponse,
  type UserIdentifier,
} from '@svc/wire';
import { joinUrl, SvcApiError, type FetchLike } from './http.js';

export interface Credentials {
  token: string;
  secret: string;
}

export interface SignedClientOptions {
  baseUrl: string;
  credentials: Credentials;
  fetch?: FetchLike;
  /** Clock for the Date header (tests). */
  now?: () => Date;
}

export interface SignedResponse<T> {
  status: number;
  body: T;
}

/**
 * Sends HMAC-signed requests and checks the signature of every 2xx answer
 * (X-Signature over method, body MD5, Content-Type, X-Date and the request path).
 */
export class SignedClient {
  protected readonly fetch: FetchLike;
  constructor(protected readonly options: SignedClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<SignedResponse<T>> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const contentType = body === undefined ? '' : 'application/json';
    const date = (this.options.now?.() ?? new Date()).toUTCString();
    const { token, secret } = this.options.credentials;
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers: {
        ...headers,
        ...(contentType ? { 'content-type': contentType } : {}),
        'x-date': date,
        authorization: svcAuthorization(token, secret, {
          method,
          body: payload,
          contentType,
          date,
          path,
        }),
      },
      body: body === undefined ? undefined : payload,
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new SvcApiError(response.status, parsed);
    this.checkSignature(response, method, path, text);
    return { status: response.status, body: parsed as T };
  }

  private checkSignature(response: Response, method: string, path: string, text: string): void {
    const date = response.headers.get('x-date') ?? '';
    const contentType = text ? (response.headers.get('content-type') ?? '') : '';
    const expected = Buffer.from(
      hmacSignature(this.options.credentials.secret, {
        method,
        body: text,
        contentType,
        date,
        path,
      }),
    );
    const given = Buffer.from(response.headers.get('x-signature') ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new SvcApiError(response.status, {
        error: 'BAD_RESPONSE_SIGNATURE',
        message: 'The response signature does not verify.',
      });
  }
}

const enc = encodeURIComponent;

/** A relying party's backend client (server credentials). */
export class RpClient extends SignedClient {
  getDevice = (identifier: string) =>
    this.request<DeviceResponse>('GET', `/api/v2/devices/${enc(identifier)}`).then((r) => r.body);
  setDeviceActive = (identifier: string, active: boolean) =>
    this.request<DeviceResponse>('PATCH', `/api/v2/devices/${enc(identifier)}`, {
      active,
    } satisfies ActiveBody).then((r) => r.body);
  bindDevice = (device_identifier: string, user_identifier: string) =>
    this.request<UserDeviceResponse>('POST', '/api/v2/user_devices', {
      device_identifier,
      user_identifier,
    } satisfies UserDeviceBody).then((r) => r.body);
  setBindingActive = (id: string, active: boolean) =>
    this.request<UserDeviceResponse>('PATCH', `/api/v2/user_devices/${enc(id)}`, {
      active,
    } satisfies ActiveBody).then((r) => r.body);
  createUserIdentifier = (svc_id: string, identifier: string) =>
    this.request<undefined>('POST', '/api/v2/user_identifiers', {
      svc_id,
      identifier,
    } satisfies UserIdentifier).then(() => undefined);
  getUserIdentifier = (identifier: string) =>
    this.request<UserIdentifier>('GET', `/api/v2/user_identifiers/${enc(identifier)}`).then(
      (r) => r.body,
    );
  deactivateUser = (userIdentifier: string) =>
    this.request<undefined>('DELETE', `/api/v2/users/${enc(userIdentifier)}`).then(() => undefined);
  listDocuments = (userIdentifier: string) =>
    this.request<IdentityDocument[]>(
      'GET',
      `/api/v2/identity_documents?user_identifier=${enc(userIdentifier)}`,
    ).then((r) => r.body);
  getDocument = (id: string) =>
    this.request<IdentityDocument>('GET', `/api/v2/identity_documents/${enc(id)}`).then(
      (r) => r.body,
    );
  registerDocumentFor = (userIdentifier: string, document: Record<string, unknown>) =>
    this.request<IdentityDocument>(
      'POST',
      `/api/v2/users/${enc(userIdentifier)}/identity_document`,
      document,
    ).then((r) => r.body);
}
