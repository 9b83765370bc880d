import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { webauthnProblem } from './webauthn-problem.js';

describe('what a failed WebAuthn check tells the client', () => {
  it("our checks' and the WebAuthn library's reasons, never what JavaScript itself threw", () => {
    const check = new AppError('FIDO_CEREMONY_FAILED', 'No challenge was issued for this link.');
    expect(webauthnProblem(check)).toBe('No challenge was issued for this link.');
    class UnexpectedRPIDHash extends Error {}
    expect(webauthnProblem(new UnexpectedRPIDHash('Unexpected RP ID hash'))).toBe(
      'Unexpected RP ID hash',
    );
    const internal = [
      new TypeError("Cannot read properties of null (reading 'userHandle')"),
      new RangeError('Maximum call stack size exceeded'),
      'not even an Error',
    ];
    for (const err of internal) expect(webauthnProblem(err)).toBe('The response is malformed.');
  });
});
