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
