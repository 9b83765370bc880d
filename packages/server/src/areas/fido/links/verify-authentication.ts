import { AppError, assertThat } from '../../../core/errors.js';
import { credentialIdOf } from './credential-response.js';
import { advanceCounter, findCredential } from '../users/credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { webauthnProblem } from '../../../core/crypto/webauthn-problem.js';
import { failLink } from './fail-link.js';
import { finishLink } from './finish-link.js';
import { judgeAuthentication } from './judge-authentication.js';
import { expectedOrigin } from './link.js';
import { openLink } from './open-link.js';
import { findUserById } from '../users/users-repo.js';
import type { CeremonyResult } from '../views.js';

/**
 * Step 2 of the login page: judge the assertion once. Success advances the credential's counter
 * and names the user on the authentication; any failure closes the link as ERROR.
 */
export async function verifyAuthentication(
  deps: FidoDeps,
  id: string,
  secret: string,
  response: unknown,
): Promise<CeremonyResult> {
  const { link, organization, user: hinted } = await openLink(deps, 'authentications', id, secret);
  const credentialId = credentialIdOf(response);
  const credential = credentialId
    ? await findCredential(deps.db, organization.id, credentialId)
    : undefined;
  const origin = expectedOrigin(deps.config, organization.domain_name);
  const judged = await judgeAuthentication({
    organization,
    link,
    response,
    expectedOrigin: origin,
    credential,
  }).catch((err: unknown) => failLink(deps, 'authentications', link, hinted, webauthnProblem(err)));
  const user = hinted ?? (await findUserById(deps.db, link.customer_id, judged.credential.user_id));
  const now = deps.clock.now().toISOString();
  try {
    await finishLink(deps, 'authentications', link, { status: 'COMPLETED', user }, async (tx) => {
      // A concurrent use of the same credential moved the counter first: a cloned authenticator
      // or a replay.
      assertThat(
        await advanceCounter(
          tx,
          judged.credential.id,
          judged.credential.counter,
          judged.newCounter,
          now,
        ),
        'FIDO_CEREMONY_FAILED',
        'The credential was used concurrently.',
      );
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'FIDO_CEREMONY_FAILED')
      return failLink(deps, 'authentications', link, hinted, err.description);
    throw err;
  }
  return { status: 'COMPLETED' };
}
