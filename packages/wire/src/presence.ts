/**
 * The WebAuthn presence proof of web apps (level 2 without an auth key): a WebAuthn assertion
 * with user verification whose challenge binds one svcfication, the answering device and a
 * nonce. The registration of the device's credential binds the device and a nonce the same way.
 * Both sides compute the challenges here, on WebCrypto (every runtime has it).
 */

import { encodeBase64 } from './base64.js';

const sha256 = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return encodeBase64(new Uint8Array(digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

/** base64url(SHA-256("svc presence\n" svcfication "\n" device "\n" nonce)). */
export function presenceChallenge(
  svcficationId: string,
  deviceIdentifier: string,
  nonce: string,
): Promise<string> {
  return sha256(`svc presence\n${svcficationId}\n${deviceIdentifier}\n${nonce}`);
}

/** base64url(SHA-256("svc presence credential\n" device "\n" nonce)). */
export function presenceCredentialChallenge(
  deviceIdentifier: string,
  nonce: string,
): Promise<string> {
  return sha256(`svc presence credential\n${deviceIdentifier}\n${nonce}`);
}
