import { AppError, assertThat } from '../../../core/errors.js';
import { insertCredential } from '../users/credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { webauthnProblem } from '../../../core/crypto/webauthn-problem.js';
import { failLink } from './fail-link.js';
import { finishLink } from './finish-link.js';
import { judgeRegistration } from './judge-registration.js';
import { expectedOrigin } from './link.js';
import { openLink } from './open-link.js';
import { lockPasskeys, passkeyLimitText } from '../users/passkey-room.js';
import { markRegistered } from '../users/users-repo.js';
import type { CeremonyResult } from '../views.js';

/**
 * Step 2 of the registration page: judge the authenticator's response once. Success stores the
 * credential and marks the user registered; any failure closes the link as ERROR (also a user
 * who reached the passkey limit meanwhile, or a credential id already on file).
 */
export async function verifyRegistration(
  deps: FidoDeps,
  id: string,
  secret: string,
  response: unknown,
): Promise<CeremonyResult> {
  const { link, organization, user } = await openLink(deps, 'registrations', id, secret);
  assertThat(user, 'FIDO_LINK_INVALID');
  const now = deps.clock.now().toISOString();
  const origin = expectedOrigin(deps.config, organization.domain_name);
  const judged = await judgeRegistration({
    organization,
    link,
    userId: user.id,
    response,
    expectedOrigin: origin,
    newId: deps.ids.uuid(),
    now,
    anchoredAttestation: deps.anchoredAttestation,
  }).catch((err: unknown) => failLink(deps, 'registrations', link, user, webauthnProblem(err)));
  try {
    await finishLink(
      deps,
      'registrations',
      link,
      { status: 'COMPLETED', user: { ...user, registered: 1 } },
      async (tx) => {
        assertThat(
          (await lockPasskeys(deps, tx, organization.id, user.id)).hasRoom,
          'FIDO_CEREMONY_FAILED',
          passkeyLimitText(deps),
        );
        assertThat(
          await insertCredential(tx, judged),
          'FIDO_CEREMONY_FAILED',
          'This credential is already registered.',
        );
        await markRegistered(tx, user.id);
      },
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'FIDO_CEREMONY_FAILED')
      return failLink(deps, 'registrations', link, user, err.description);
    throw err;
  }
  return link.redirect_url
    ? { status: 'COMPLETED', redirect_url: link.redirect_url }
    : { status: 'COMPLETED' };
}
