import { AppError } from '../../../core/errors.js';
import type { FidoDeps } from '../deps.js';
import { finishLink } from './finish-link.js';
import type { LinkRow } from './links-repo.js';
import type { LinkKind } from './link.js';
import type { UserRow } from '../users/users-repo.js';

/** Records a failed ceremony as ERROR (with its callback), then reports it to the page. */
export async function failLink(
  deps: FidoDeps,
  kind: LinkKind,
  link: LinkRow,
  user: UserRow | undefined,
  problem: string,
): Promise<never> {
  await finishLink(deps, kind, link, { status: 'ERROR', user });
  throw new AppError('FIDO_CEREMONY_FAILED', problem);
}

/** What JavaScript itself throws: about the code that ran, not about what it was given. */
const codeErrors = [TypeError, RangeError, ReferenceError, SyntaxError];

/**
 * What a failed check tells the page: our own checks throw FIDO_CEREMONY_FAILED, SimpleWebAuthn
 * throws Errors whose message names the problem. A malformed response may make code throw
 * anything else (a TypeError reading a missing field, a RangeError for a nesting too deep): those
 * messages describe svc's code, not the response, and are not passed on.
 */
export function problemOf(err: unknown): string {
  if (err instanceof AppError) return err.description;
  const ownCode = codeErrors.some((kind) => err instanceof kind);
  return err instanceof Error && !ownCode ? err.message : 'The response is malformed.';
}
