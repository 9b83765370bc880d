/**
 * What a failed call throws. Every class extends `SvcApiError` (status and parsed body); the one
 * thrown is chosen by the status and, where it says more, the body's `error` code (the service's
 * catalog, e.g. `NO_DOCUMENTS`). Branch with `instanceof`, or on `code` for finer cases.
 */
export class SvcApiError extends Error {
  override name = 'SvcApiError';
  /** The body's `error` code (`DEVICE_NOT_FOUND`, …), when the answer had one. */
  readonly code: string | undefined;
  /** The body's `description` (what went wrong in this request), or its `message`. */
  readonly description: string | undefined;
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const code = field(body, 'error');
    const description = field(body, 'description') ?? field(body, 'message');
    // The reason belongs in the message: it is what a log line or an uncaught error shows.
    super(
      `svc answered ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
    );
    this.code = code;
    this.description = description;
  }
}

/** 401 (sandbox bearer token) or 403 (HMAC signature, API key, X-Device-Sig): check credentials. */
export class CredentialsError extends SvcApiError {
  override name = 'CredentialsError';
}

/** 404: no such resource for this caller (another customer's ids answer 404 too). */
export class NotFoundError extends SvcApiError {
  override name = 'NotFoundError';
}

/** 409: the change conflicts with what is on file (a binding, an identifier, a FIDO user, …). */
export class ConflictError extends SvcApiError {
  override name = 'ConflictError';
}

/** 410: a FIDO link already used or expired. */
export class GoneError extends SvcApiError {
  override name = 'GoneError';
}

/** 413 body or 414 path parameter beyond the service's limits. */
export class TooLargeError extends SvcApiError {
  override name = 'TooLargeError';
}

/**
 * 400 or 422: the request was refused as it stands. `fieldErrors` names each bad field (empty
 * when the refusal concerns no single field); `errors` is the list that svcfication creation
 * answers (`"user_identifier is not bound to any device"`), else the description.
 */
export class ValidationError extends SvcApiError {
  override name = 'ValidationError';
  readonly fieldErrors: Record<string, string[]>;
  readonly errors: string[];
  constructor(status: number, body: unknown) {
    super(status, body);
    const record = isRecord(body) ? body : {};
    this.fieldErrors = isRecord(record.field_errors)
      ? (record.field_errors as Record<string, string[]>)
      : {};
    this.errors = Array.isArray(record.errors)
      ? record.errors.map(String)
      : this.description
        ? [this.description]
        : [];
  }
}

/** 422 `SVCFICATION_CLOSED`: the svcfication is no longer in progress (cancel or answer too late). */
export class SvcficationClosedError extends ValidationError {
  override name = 'SvcficationClosedError';
}

/** 424: something the request depends on is missing (unknown device or user, unpaired code). */
export class DependencyError extends SvcApiError {
  override name = 'DependencyError';
}

/** 424 `NO_DOCUMENTS`: a level 3 svcfication for a user without an identity document. */
export class NoDocumentsError extends DependencyError {
  override name = 'NoDocumentsError';
}

/** 429: slow down; `retryAfter` is the Retry-After header in seconds, when given. */
export class RateLimitError extends SvcApiError {
  override name = 'RateLimitError';
  constructor(
    status: number,
    body: unknown,
    readonly retryAfter: number | undefined,
  ) {
    super(status, body);
  }
}

/** 5xx: the service failed; the body is generic by design. Safe to retry idempotent calls. */
export class ServerError extends SvcApiError {
  override name = 'ServerError';
}

/**
 * A 2xx answer whose X-Signature does not verify with the caller's secret: not from svc, or
 * altered on the way. Its body must not be trusted.
 */
export class ResponseSignatureError extends SvcApiError {
  override name = 'ResponseSignatureError';
}

/** The error class for a non-2xx answer (status, parsed body, response headers). */
export function apiError(status: number, body: unknown, headers?: Headers): SvcApiError {
  const code = field(body, 'error');
  if (status === 401 || status === 403) return new CredentialsError(status, body);
  if (status === 404) return new NotFoundError(status, body);
  if (status === 409) return new ConflictError(status, body);
  if (status === 410) return new GoneError(status, body);
  if (status === 413 || status === 414) return new TooLargeError(status, body);
  if (status === 422 && code === 'SVCFICATION_CLOSED')
    return new SvcficationClosedError(status, body);
  if (status === 400 || status === 422) return new ValidationError(status, body);
  if (status === 424)
    return code === 'NO_DOCUMENTS'
      ? new NoDocumentsError(status, body)
      : new DependencyError(status, body);
  if (status === 429) return new RateLimitError(status, body, retryAfter(headers));
  if (status >= 500) return new ServerError(status, body);
  return new SvcApiError(status, body);
}

/** Retry-After in seconds: delta-seconds or an HTTP date. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(body: unknown, name: string): string | undefined {
  const value = isRecord(body) ? body[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}
