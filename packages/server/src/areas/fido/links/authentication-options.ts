import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { assertThat } from '../../../core/errors.js';
import { credentialsOfUser } from '../users/credentials-repo.js';
import type { FidoDeps } from '../deps.js';
import { setChallenge } from './links-repo.js';
import { openLink } from './open-link.js';
import { transportsOf } from '../users/transports.js';

const ceremonyTimeoutMs = 2 * 60 * 1000;

/**
 * Request options. A link made for a user offers that user's credentials; one made without a user
 * offers none, so the browser lets the user pick a discoverable credential (passkey).
 */
export async function authenticationOptions(
  deps: FidoDeps,
  id: string,
  secret: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { organization: org, user } = await openLink(deps, 'authentications', id, secret);
  const credentials = user ? await credentialsOfUser(deps.db, org.id, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: org.domain_name,
    allowCredentials: credentials.map((c) => ({
      id: c.credential_id,
      transports: transportsOf(c),
    })),
    challenge: new Uint8Array(Buffer.from(deps.ids.random(32), 'base64url')),
    timeout: ceremonyTimeoutMs,
    userVerification: 'required',
  });
  assertThat(
    await setChallenge(deps.db, 'authentications', id, options.challenge),
    'FIDO_LINK_USED',
  );
  return options;
}
