import { assertThat } from '../../../core/errors.js';

/**
 * What a page posts as a WebAuthn credential is untrusted JSON: an object whose `response` is an
 * object, or the ceremony fails naming that (rather than a TypeError of the checks that read it).
 */
export function assertCredentialShaped(value: unknown): void {
  const response = (value as { response?: unknown } | null)?.response;
  assertThat(
    typeof value === 'object' && typeof response === 'object' && response !== null,
    'FIDO_CEREMONY_FAILED',
    'The response is not a WebAuthn credential.',
  );
}

/** WebAuthn's limit on a credential id (Level 3, §6.1): a longer one is never asked for. */
export const maxCredentialIdBytes = 1023;

/** The response's credential id, if it has one of at most that length (as base64url). */
export function credentialIdOf(response: unknown): string | undefined {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 1366 ? id : undefined;
}
