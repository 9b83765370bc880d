import { AppError } from '../errors.js';

/** What JavaScript itself throws: about the code that ran, not about what it was given. */
const codeErrors = [TypeError, RangeError, ReferenceError, SyntaxError];

/**
 * What a failed WebAuthn check tells the client: our own checks throw an AppError, SimpleWebAuthn
 * throws Errors whose message names the problem. A malformed response may make code throw
 * anything else (a TypeError reading a missing field, a RangeError for a nesting too deep): those
 * messages describe svc's code, not the response, and are not passed on.
 */
export function webauthnProblem(err: unknown): string {
  if (err instanceof AppError) return err.description;
  const ownCode = codeErrors.some((kind) => err instanceof kind);
  return err instanceof Error && !ownCode ? err.message : 'The response is malformed.';
}
