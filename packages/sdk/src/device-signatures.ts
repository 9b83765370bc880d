import { calculateJwkThumbprint } from 'jose';
import { buildDeviceSig, encodeBase64, encodePayload } from '@svc/wire/web';
import { derSignature } from './der-signature.js';
import { publicJwk } from './device-keys.js';

/** SHA-256 signature as mobile platforms make it: ECDSA in DER (RSA keys: RS256). */
async function signatureOf(keys: CryptoKeyPair, text: string): Promise<Uint8Array> {
  const key = keys.privateKey;
  const data = new TextEncoder().encode(text);
  if (key.algorithm.name !== 'ECDSA')
    return new Uint8Array(await crypto.subtle.sign(key.algorithm.name, key, data));
  const raw = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data);
  return derSignature(new Uint8Array(raw));
}

/** SHA-256 signature (ECDSA in DER) in base64, as a device app sends it. */
export async function signSha256(keys: CryptoKeyPair, data: string): Promise<string> {
  return encodeBase64(await signatureOf(keys, data));
}

/** Thumbprints by public key: a device signs every call with the same key. */
const thumbprints = new WeakMap<CryptoKey, Promise<string>>();

/** The key's RFC 7638 thumbprint, which names the device. */
function thumbprintOf(keys: CryptoKeyPair): Promise<string> {
  let thumbprint = thumbprints.get(keys.publicKey);
  if (!thumbprint) {
    thumbprint = publicJwk(keys).then((jwk) => calculateJwkThumbprint(jwk, 'sha256'));
    thumbprints.set(keys.publicKey, thumbprint);
  }
  return thumbprint;
}

/** An X-Device-Sig header for the device key (the key's RFC 7638 thumbprint names the device). */
export async function deviceSigHeader(
  keys: CryptoKeyPair,
  nonce: string = crypto.randomUUID(),
): Promise<string> {
  const thumbprint = await thumbprintOf(keys);
  return buildDeviceSig(thumbprint, nonce, (text) => signatureOf(keys, text));
}

/** A response payload string signed with `keys`; any JSON object, so tests can send bad ones. */
export async function signedPayload(keys: CryptoKeyPair, payload: object): Promise<string> {
  return encodePayload(payload, (json) => signatureOf(keys, json));
}
