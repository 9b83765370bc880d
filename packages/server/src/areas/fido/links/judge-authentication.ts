import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { assertThat } from '../../../core/errors.js';
import { assertCredentialShaped } from './credential-response.js';
import type { CredentialRow } from '../users/credentials-repo.js';
import type { LinkRow } from './links-repo.js';
import type { OrganizationRow } from '../organizations/organizations-repo.js';
import { transportsOf } from '../users/transports.js';
import { userHandle } from '../users/user-handle.js';

export interface AuthenticationCase {
  organization: OrganizationRow;
  link: LinkRow;
  response: unknown;
  expectedOrigin: string;
  /** The organization's credential with the response's id, if any. */
  credential: CredentialRow | undefined;
}

const failed = 'FIDO_CEREMONY_FAILED';

/**
 * Checks an assertion against the link's challenge, origin, RP ID and the stored public key and
 * counter; returns the counter to store. Our checks fail as FIDO_CEREMONY_FAILED naming the
 * problem; SimpleWebAuthn's throw its own Errors.
 */
export async function judgeAuthentication(
  c: AuthenticationCase,
): Promise<{ credential: CredentialRow; newCounter: number }> {
  assertCredentialShaped(c.response);
  const response = c.response as AuthenticationResponseJSON;
  const { credential } = c;
  assertThat(c.link.challenge, failed, 'No challenge was issued for this link.');
  assertThat(credential, failed, 'This credential is not registered.');
  assertThat(
    !c.link.user_id || credential.user_id === c.link.user_id,
    failed,
    'This credential belongs to another user.',
  );
  // A discoverable credential names its user; it must be the credential's owner.
  const handle = response.response.userHandle;
  assertThat(
    !handle || handle === Buffer.from(userHandle(credential.user_id)).toString('base64url'),
    failed,
    'The user handle does not match the credential.',
  );
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
  assertThat(result.verified, failed, 'The assertion signature did not verify.');
  return { credential, newCounter: result.authenticationInfo.newCounter };
}
