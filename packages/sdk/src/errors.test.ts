import { describe, expect, it } from 'vitest';
import { apiError, SvcApiError, ValidationError } from './errors.js';

describe('SvcApiError message', () => {
  it("says the status, the code and the service's description", () => {
    const error = apiError(422, {
      message: 'The svcfication could not be created.',
      errors: ['user_identifier is not bound to any device'],
      error: 'SVCFICATION_INVALID',
      description: 'user_identifier is not bound to any device',
      field_errors: { user_identifier: ['is not bound to any device'] },
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(
      'svc answered 422 SVCFICATION_INVALID: user_identifier is not bound to any device',
    );
    expect(String(error)).toContain('user_identifier is not bound to any device');
  });

  it("falls back to the body's message, and to the status alone without a JSON body", () => {
    expect(apiError(403, { error: 'FORBIDDEN', message: 'Forbidden.' }).message).toBe(
      'svc answered 403 FORBIDDEN: Forbidden.',
    );
    expect(new SvcApiError(502, '<html>Bad gateway</html>').message).toBe('svc answered 502');
    expect(apiError(500, undefined).message).toBe('svc answered 500');
  });
});
