import type { PresenceAssert } from '@svc/sdk';
import type { PresenceAssertion } from '@svc/wire';
import type { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';

/** What navigator.credentials.create does with the challenge at this origin and RP ID. */
export const makeCredential =
  (soft: SoftAuthenticator, origin: string, rpId: string) => async (challenge: string) =>
    soft.register(
      {
        challenge,
        rp: { id: rpId, name: 'svc' },
        user: { id: 'dXNlcg', name: 'alice', displayName: 'alice' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
      origin,
      rpId,
    );

/** What navigator.credentials.get does with the challenge (or with another one). */
export const assertPresence =
  (
    soft: SoftAuthenticator,
    origin: string,
    rpId: string,
    challengeOf = (challenge: string) => challenge,
  ): PresenceAssert =>
  async (challenge) =>
    soft.authenticate({ challenge: challengeOf(challenge), rpId }, origin) as PresenceAssertion;
