/**
 * The one error catalog: every failure the service reports has a stable code here, and only this
 * table knows its HTTP status. Code throws `AppError(code)`; core/http turns it into the spec's
 * Error / ErrorWithFields body, or the `{message, errors}` body of svcfication creation.
 */
export const catalog = {
  BAD_REQUEST: { status: 400, message: 'The request is malformed.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  MISSING_FIELDS: { status: 400, message: 'Required fields are missing or invalid.' },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  },
  UNAUTHORIZED: { status: 401, message: 'A valid bearer token is required.' },
  FORBIDDEN: { status: 403, message: 'Authentication failed.' },
  CONSOLE_SIGNED_OUT: {
    status: 401,
    message: 'You are not signed in, or your session has ended. Sign in again.',
  },
  CONSOLE_SIGN_IN_FAILED: {
    status: 401,
    message: 'That passkey did not sign you in. Try again, or ask for a new invitation.',
  },
  CONSOLE_CSRF: {
    status: 403,
    message: 'This change did not come from your console page. Reload it and try again.',
  },
  CONSOLE_ROLE: { status: 403, message: 'Your role does not allow this.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such route.' },
  DEVICE_NOT_FOUND: { status: 404, message: 'Device not found.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  BINDING_NOT_FOUND: { status: 404, message: 'Binding not found.' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Identity document not found.' },
  SVCFICATION_NOT_FOUND: { status: 404, message: 'Svcfication not found.' },
  SVCCODE_NOT_FOUND: { status: 404, message: 'Svccode not found.' },
  ORGANIZATION_NOT_FOUND: { status: 404, message: 'Organization not found.' },
  AUTHENTICATION_NOT_FOUND: { status: 404, message: 'Authentication not found.' },
  REGISTRATION_NOT_FOUND: { status: 404, message: 'Registration not found.' },
  FIDO_LINK_INVALID: { status: 404, message: 'This link is not valid.' },
  OIDC_INTERACTION_NOT_FOUND: {
    status: 404,
    message: 'This sign-in has expired or is not valid. Start again from the application.',
  },
  CREDENTIAL_NOT_FOUND: { status: 404, message: 'Credential not found.' },
  ENROLLMENT_NOT_FOUND: { status: 404, message: 'Enrollment not found.' },
  AUDIT_EVENT_NOT_FOUND: { status: 404, message: 'Audit event not found.' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found.' },
  DELIVERY_NOT_FOUND: { status: 404, message: 'Delivery not found.' },
  INVITATION_INVALID: {
    status: 404,
    message: 'This invitation is not valid: it was used, it expired, or the link is incomplete.',
  },
  ENROLLMENT_CODE_INVALID: { status: 404, message: 'This enrollment code is not valid.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  DEVICE_ALREADY_BOUND: {
    status: 409,
    message: 'The device is bound to another user identifier of this relying party.',
  },
  DELIVERY_NOT_PARKED: {
    status: 409,
    message: 'Only a delivery that gave up can be retried; this one is still being delivered.',
  },
  USER_ALREADY_HAS_IDENTIFIER: { status: 409, message: 'The user already has an identifier.' },
  USER_ALREADY_BOUND: {
    status: 409,
    message: 'The user already has an identifier bound for this relying party.',
  },
  ORGANIZATION_EXISTS: { status: 409, message: 'The caller already has an organization.' },
  FIDO_DOMAIN_TAKEN: {
    status: 409,
    message: "Another customer's organization has this domain_name.",
  },
  USER_EXISTS: { status: 409, message: 'A user with this user_identifier already exists.' },
  REDIRECT_URI_EXISTS: { status: 409, message: 'The redirect URI is already registered.' },
  FIDO_CREDENTIAL_LIMIT: { status: 409, message: 'The user has as many passkeys as allowed.' },
  REQUEST_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still being processed; retry later.',
  },
  OIDC_SIGN_IN_INCOMPLETE: { status: 409, message: 'The sign-in has not completed.' },
  FIDO_LINK_USED: { status: 410, message: 'This link has already been used.' },
  FIDO_LINK_EXPIRED: { status: 410, message: 'This link has expired.' },
  ENROLLMENT_USED: { status: 410, message: 'This enrollment has already been used.' },
  ENROLLMENT_EXPIRED: { status: 410, message: 'This enrollment has expired; ask for a new one.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'A path parameter is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json.' },
  VALIDATION_FAILED: { status: 422, message: 'The request failed validation.' },
  AUDIT_TREE_SIZE: { status: 422, message: 'No signed tree of that size.' },
  SVCFICATION_INVALID: { status: 422, message: 'The svcfication could not be created.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was used with another request.',
  },
  SVCFICATION_CLOSED: { status: 422, message: 'The svcfication is not in progress.' },
  RESPONSE_INVALID: { status: 422, message: 'The svcfication response is invalid.' },
  PUSH_CHANNEL_INVALID: { status: 422, message: 'The push channel cannot be used.' },
  PRESENCE_CREDENTIAL_INVALID: { status: 422, message: 'The presence credential was refused.' },
  SVCCODE_INVALID: { status: 422, message: 'The svccode payload is invalid or expired.' },
  RELYING_PARTY_UNKNOWN: { status: 422, message: 'No relying party has this id.' },
  FIDO_USER_NOT_REGISTERED: {
    status: 422,
    message: 'The user does not exist or has not registered.',
  },
  FIDO_CEREMONY_FAILED: {
    status: 400,
    message: 'The authenticator response could not be verified.',
  },
  DEVICE_UNKNOWN: { status: 424, message: 'The device is not registered.' },
  USER_UNKNOWN: { status: 424, message: 'No user was found.' },
  NO_DOCUMENTS: { status: 424, message: 'The user has no identity document.' },
  SVCCODE_NOT_PAIRED: {
    status: 424,
    message: 'The svccode is not paired or no user was found for it.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests; retry after the Retry-After delay.' },
  INTERNAL: { status: 500, message: 'Internal server error.' },
  NOT_READY: { status: 503, message: 'The database does not answer or take writes.' },
  STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'The database cannot take this request now; retry after the Retry-After delay.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof catalog;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override name = 'AppError';
  /** Seconds a refused caller should wait (429, 503): sent as Retry-After. */
  retryAfter: number | undefined;
  constructor(
    readonly code: ErrorCode,
    readonly description: string = catalog[code].message,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(`${code}: ${description}`);
  }

  get status(): number {
    return catalog[this.code].status;
  }

  /**
   * The response body: the spec's Error (ErrorWithFields when fields are named), or, where the
   * route answers the spec's `{message, errors}` (svcfication creation), that shape around it.
   */
  body(shape: 'error' | 'list' = 'error'): Record<string, unknown> {
    const { message } = catalog[this.code];
    const fieldErrors = this.fieldErrors ?? {};
    if (shape === 'list') {
      const errors = Object.entries(fieldErrors).flatMap(([f, ms]) => ms.map((m) => `${f} ${m}`));
      return {
        message,
        errors: errors.length > 0 ? errors : [this.description],
        error: this.code,
        description: this.description,
        field_errors: fieldErrors,
      };
    }
    const body: Record<string, unknown> = {
      error: this.code,
      message,
      description: this.description,
    };
    if (this.fieldErrors) body.field_errors = this.fieldErrors;
    return body;
  }
}

/** 429 RATE_LIMITED with the Retry-After delay (whole seconds, at least 1). */
export function rateLimited(seconds: number, description?: string): AppError {
  const error = new AppError('RATE_LIMITED', description);
  error.retryAfter = Math.max(1, Math.ceil(seconds));
  return error;
}

/** One-line precondition: `assertThat(device, 'DEVICE_NOT_FOUND')`. */
export function assertThat(
  condition: unknown,
  code: ErrorCode,
  description?: string,
): asserts condition {
  if (!condition) throw new AppError(code, description);
}

/**
 * The one builder of field-level failures (ErrorWithFields): each bad field with its messages.
 * `description` defaults to naming the fields.
 */
export function fieldError(
  code: ErrorCode,
  fieldErrors: FieldErrors,
  description = `Invalid fields: ${Object.keys(fieldErrors).join(', ')}.`,
): AppError {
  return new AppError(code, description, fieldErrors);
}

/** Throws one `fieldError` naming every field whose check returned a problem. */
export function checkFields(
  code: ErrorCode,
  checks: Record<string, string | null | undefined>,
): void {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(checks)) if (problem) errors[field] = [problem];
  if (Object.keys(errors).length > 0) throw fieldError(code, errors);
}
