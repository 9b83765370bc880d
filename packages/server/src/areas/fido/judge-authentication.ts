import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { transportsOf, type CredentialRow } from './credentials-repo.js';
import type { LinkRow } from './links-repo.js';
import type { OrganizationRow } from './organizations-repo.js';
import { userHandle } from './registration-options.js';

export interface AuthenticationCase {
  organization: OrganizationRow;
  link: LinkRow;
  response: unknown;
  expectedOrigin: string;
  /** The organization's credential with the response's id, if any. */
  credential: CredentialRow | undefined;
}

/**
 * Checks an assertion against the link's challenge, origin, RP ID and the stored public key and
 * counter; returns the counter to store or throws an Error naming the problem.
 */
export async function judgeAuthentication(
  c: AuthenticationCase,
): Promise<{ credential: CredentialRow; newCounter: number }> {
  const response = c.response as AuthenticationResponseJSON;
  const { credential } = c;
  if (!c.link.challenge) throw new Error('No challenge was issued for this link.');
  if (!credential) throw new Error('This credential is not registered.');
  if (c.link.user_id && credential.user_id !== c.link.user_id)
    throw new Error('This credential belongs to another user.');
  // A discoverable credential names its user; it must be the credential's owner.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(credential.user_id)).toString('base64url'))
    throw new Error('The user handle does not match the credential.');
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: c.link.challenge,
    expectedOrigin: c.expectedOrigin,
    expectedRPID: c.organization.domain_name,
    credential: {
      id: credential.credential_id,
      publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
      counter: credential.counter,
      transports: transportsOf(credential),
    },
    requireUserVerification: true,
  });
  if (!result.verified) throw new Error('The assertion signature did not verify.');
  return { credential, newCounter: result.authenticationInfo.newCounter };
}
