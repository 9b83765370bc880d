import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { assertThat } from '../../../core/errors.js';
import { credentialsOfUser } from '../users/credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { setChallenge } from './links-repo.js';
import { openLink } from './open-link.js';
import { transportsOf } from '../users/transports.js';
import { userHandle } from '../users/user-handle.js';

/** How long the browser prompt may stay open. */
const ceremonyTimeoutMs = 2 * 60 * 1000;

/**
 * Creation options under the organization's policy (spec: Organization). Each call binds a fresh
 * challenge to the link, replacing the previous one.
 */
export async function registrationOptions(
  deps: FidoDeps,
  id: string,
  secret: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { organization: org, user } = await openLink(deps, 'registrations', id, secret);
  assertThat(user, 'FIDO_LINK_INVALID');
  const existing = await credentialsOfUser(deps.db, org.id, user.id);
  const options = await generateRegistrationOptions({
    rpName: org.name,
    rpID: org.domain_name,
    userName: user.user_identifier,
    userID: userHandle(user.id),
    userDisplayName: user.name,
    challenge: new Uint8Array(Buffer.from(deps.ids.random(32), 'base64url')),
    timeout: ceremonyTimeoutMs,
    attestationType: org.verify_attestation_statement ? 'direct' : 'none',
    // The same authenticator cannot be enrolled twice for one user.
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c) })),
    authenticatorSelection: {
      residentKey: org.require_resident_key ? 'required' : 'preferred',
      // Passwordless: the authenticator is the only factor, so it must verify the user.
      userVerification: 'required',
      ...(org.require_platform_authenticator
        ? { authenticatorAttachment: 'platform' as const }
        : {}),
    },
    // credProps tells whether the credential became discoverable (require_resident_key).
    extensions: { credProps: true },
  });
  assertThat(await setChallenge(deps.db, 'registrations', id, options.challenge), 'FIDO_LINK_USED');
  return options;
}
