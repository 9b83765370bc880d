import { createECDH, createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { buildDeviceSig, encodePayload } from '@svc/wire';

/** A phone's two keys: the device key names the device and signs requests; the auth key proves user presence. */
export interface DeviceKeys {
  device: KeyObject;
  auth: KeyObject;
}

/** The keys as private JWKs (RFC 7517), to keep in a file or a key store. */
export interface DeviceKeysJwk {
  device: JWK;
  auth: JWK;
}

const curves = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;

/**
 * A new EC private key. Not `generateKeyPairSync`: on Node.js 20, exporting a key as a JWK while
 * the collector frees the job object of a `generateKeyPairSync('ec')` call can deadlock the
 * process (measured: within 5,000–13,500 generate-and-export rounds, the main thread waiting on a
 * mutex forever). ECDH makes the same key pair without that job.
 */
export function generateEcKey(curve: keyof typeof curves = 'P-256'): KeyObject {
  const ecdh = createECDH(curves[curve]);
  ecdh.generateKeys();
  const point = ecdh.getPublicKey(); // 0x04, x, y
  const size = (point.length - 1) / 2;
  const scalar = ecdh.getPrivateKey(); // without its leading zero bytes, if any
  const d = Buffer.alloc(size);
  scalar.copy(d, size - scalar.length);
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: curve,
      x: point.subarray(1, 1 + size).toString('base64url'),
      y: point.subarray(1 + size).toString('base64url'),
      d: d.toString('base64url'),
    },
  });
}

export function generateDeviceKeys(): DeviceKeys {
  return { device: generateEcKey(), auth: generateEcKey() };
}

/** Both private keys as JWKs: whoever holds them is the device, so store them like a password. */
export function exportDeviceKeys(keys: DeviceKeys): DeviceKeysJwk {
  return {
    device: keys.device.export({ format: 'jwk' }),
    auth: keys.auth.export({ format: 'jwk' }),
  };
}

/** The keys `exportDeviceKeys` wrote; throws naming the key that is not a private EC or RSA JWK. */
export function importDeviceKeys(jwks: DeviceKeysJwk): DeviceKeys {
  const load = (name: keyof DeviceKeysJwk): KeyObject => {
    const jwk: unknown = (jwks as Partial<DeviceKeysJwk> | null)?.[name];
    if (typeof jwk !== 'object' || jwk === null || typeof (jwk as JWK).d !== 'string')
      throw new Error(`the ${name} key is not a private JWK`);
    try {
      return createPrivateKey({ key: jwk as JWK & { kty: string }, format: 'jwk' });
    } catch {
      throw new Error(`the ${name} key is not a usable private JWK`);
    }
  };
  return { device: load('device'), auth: load('auth') };
}

export function publicJwk(key: KeyObject): JWK {
  const { kty, crv, x, y, n, e } = key.export({ format: 'jwk' });
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined),
  );
}

/** SHA-256 signature as mobile platforms make it (ECDSA in DER). */
function signatureOf(key: KeyObject, data: string): Buffer {
  return sign(
    'sha256',
    Buffer.from(data),
    key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
  );
}

/** SHA-256 signature (ECDSA in DER) in base64, as a device app sends it. */
export function signSha256(key: KeyObject, data: string): string {
  return signatureOf(key, data).toString('base64');
}

/** Thumbprints by key: a device signs every call with the same key. */
const thumbprints = new WeakMap<KeyObject, Promise<string>>();

/** The key's RFC 7638 thumbprint, which names the device. */
function thumbprintOf(key: KeyObject): Promise<string> {
  let thumbprint = thumbprints.get(key);
  if (!thumbprint) {
    thumbprint = calculateJwkThumbprint(publicJwk(key), 'sha256');
    thumbprints.set(key, thumbprint);
  }
  return thumbprint;
}

/** An X-Device-Sig header for the device key (the key's RFC 7638 thumbprint names the device). */
export async function deviceSigHeader(
  key: KeyObject,
  nonce: string = randomUUID(),
): Promise<string> {
  const thumbprint = await thumbprintOf(key);
  return buildDeviceSig(thumbprint, nonce, (text) => signatureOf(key, text));
}

/** A response payload string signed with `key`; any JSON object, so tests can send bad ones. */
export function signedPayload(key: KeyObject, payload: object): string {
  return encodePayload(payload, (json) => signatureOf(key, json));
}
