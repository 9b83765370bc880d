import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { DeviceClient, PresenceAssert } from '@svc/sdk';
import type { Account } from './accounts.js';

// Level 2 with the phone's own biometrics: a WebAuthn credential per account, registered with
// svc at enrollment, and an assertion with user verification for each level-2 approval.

type Assertion = Awaited<ReturnType<PresenceAssert>>;
const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Whether this browser can make WebAuthn credentials at all. */
export const canProvePresence = () => typeof PublicKeyCredential !== 'undefined';

/** Creates the account's presence credential (the phone asks for a fingerprint, face or PIN). */
export async function registerPresence(device: DeviceClient, userIdentifier: string) {
  const registered = await device.setPresenceCredential(async (challenge) => {
    const credential = await startRegistration({
      optionsJSON: {
        challenge,
        rp: { id: location.hostname, name: 'svc Authenticator' },
        user: {
          id: base64url(device.identifier),
          name: userIdentifier,
          displayName: userIdentifier,
        },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { userVerification: 'required', residentKey: 'discouraged' },
        attestation: 'none',
      },
    });
    return credential;
  });
  return registered.credential_id;
}

/** The assertion of one approval, by the account's credential. */
export function presenceOf(account: Account): PresenceAssert | undefined {
  const id = account.presenceCredentialId;
  if (!id) return undefined;
  return async (challenge) =>
    (await startAuthentication({
      optionsJSON: {
        challenge,
        rpId: location.hostname,
        allowCredentials: [{ id, type: 'public-key' }],
        userVerification: 'required',
      },
    })) as Assertion;
}
