import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { presenceChallenge, type PresenceAssertion } from '@svc/wire';
import type { Kysely } from 'kysely';
import { webauthnProblem } from '../../core/crypto/webauthn-problem.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../core/store/schema.js';
import { advanceCounter, credentialOf } from './credentials-repo.js';
import type { PresenceDeps } from './deps.js';

const refused = (reason: string) =>
  new AppError('RESPONSE_INVALID', `webauthn_presence: ${reason}`);

/** What a webauthn_presence payload claims: its assertion, for one svcfication, device, nonce. */
export interface PresenceClaim {
  svcficationId: string;
  deviceIdentifier: string;
  nonce: string;
  assertion: PresenceAssertion;
}

/**
 * Checks a WebAuthn presence proof: an assertion by the device's registered credential, at the
 * origin and RP ID it was registered at, with user verification, over the challenge that binds
 * the claim's svcfication, device and nonce, and a signature counter that moved on (or that the
 * authenticator does not keep: 0 and 0). Throws the reason it fails (a 422 of the answer);
 * answers the step that advances the counter in the answer's closing transaction, which fails
 * the answer if another answer moved it meanwhile.
 */
export async function checkPresence(
  deps: PresenceDeps,
  claim: PresenceClaim,
): Promise<(tx: Kysely<Database>) => Promise<void>> {
  const stored = await credentialOf(deps.db, claim.deviceIdentifier);
  if (!stored) throw refused('the device has no presence credential');
  if (claim.assertion.id !== stored.credential_id)
    throw refused("the assertion is not by the device's presence credential");
  const expectedChallenge = await presenceChallenge(
    claim.svcficationId,
    claim.deviceIdentifier,
    claim.nonce,
  );
  const result = await verifyAuthenticationResponse({
    response: claim.assertion as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: stored.origin,
    expectedRPID: stored.rp_id,
    credential: {
      id: stored.credential_id,
      publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
      counter: stored.counter,
    },
    requireUserVerification: true,
  }).catch((err: unknown) => {
    throw refused(webauthnProblem(err));
  });
  if (!result.verified) throw refused('the assertion did not verify');
  const { newCounter } = result.authenticationInfo;
  return async (tx) => {
    if (
      newCounter !== stored.counter &&
      !(await advanceCounter(tx, claim.deviceIdentifier, stored.counter, newCounter))
    )
      throw refused('the signature counter was used by another answer');
  };
}
