import { hmacSignature, svcAuthorization } from '@svc/wire/web';
import { apiError, ResponseSignatureError } from './errors.js';
import { joinUrl, parseBody, type FetchLike } from './http.js';

export interface Credentials {
  token: string;
  secret: string;
}

export interface SignedClientOptions {
  /** svc's base URL, e.g. `https://svc.example.com`. */
  baseUrl: string;
  /** `{token, secret}`: server credentials for `RpClient`, user ones for `LegacyClient`. */
  credentials: Credentials;
  fetch?: FetchLike;
  /** Clock for the Date header (tests). */
  now?: () => Date;
}

export interface SignedResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Sends HMAC-signed requests and checks the signature of every 2xx answer (X-Signature over
 * method, body MD5, Content-Type, X-Date and the request path). Non-2xx answers throw the
 * SvcApiError subclass for their status (errors.ts).
 */
export class SignedClient {
  protected readonly fetch: FetchLike;
  constructor(protected readonly options: SignedClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Any signed call (`path` with its query); the typed methods of the subclasses use it. `headers`
   * are merged case-insensitively: a caller's `Idempotency-Key` (the same on every retry of one
   * write, so that a retry answers the first success instead of writing twice) or
   * `Content-Type` replaces the client's own, and is what the signature covers. `X-Date` and
   * `Authorization` are always the client's: they are the signature.
   */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: HeadersInit = {},
    init: { signal?: AbortSignal } = {},
  ): Promise<SignedResponse<T>> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const sent = new Headers(headers);
    if (body !== undefined && !sent.has('content-type'))
      sent.set('content-type', 'application/json');
    const contentType = sent.get('content-type') ?? '';
    const date = (this.options.now?.() ?? new Date()).toUTCString();
    const { token, secret } = this.options.credentials;
    sent.set('x-date', date);
    sent.set(
      'authorization',
      await svcAuthorization(token, secret, { method, body: payload, contentType, date, path }),
    );
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers: sent,
      body: body === undefined ? undefined : payload,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw apiError(response.status, parseBody(text), response.headers);
    await this.checkSignature(response, method, path, text);
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  private async checkSignature(
    response: Response,
    method: string,
    path: string,
    text: string,
  ): Promise<void> {
    const date = response.headers.get('x-date') ?? '';
    const contentType = text ? (response.headers.get('content-type') ?? '') : '';
    const expected = await hmacSignature(this.options.credentials.secret, {
      method,
      body: text,
      contentType,
      date,
      path,
    });
    if (!sameText(expected, response.headers.get('x-signature') ?? ''))
      throw new ResponseSignatureError(response.status, {
        error: 'BAD_RESPONSE_SIGNATURE',
        message: 'The response signature does not verify.',
      });
  }
}

/** Compares in a time that depends on the length only, so it tells nothing of a near miss. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
