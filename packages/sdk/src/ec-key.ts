import { createECDH, createPrivateKey, type KeyObject } from 'node:crypto';

const curves = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;

/**
 * A new EC private key as a Node.js KeyObject, for code that signs with `node:crypto` (a software
 * WebAuthn authenticator, tests); device keys are WebCrypto keys (`generateDeviceKeys`). Not
 * `generateKeyPairSync`: on Node.js 20, exporting a key as a JWK while the collector frees the
 * job object of a `generateKeyPairSync('ec')` call can deadlock the process (measured: within
 * 5,000–13,500 generate-and-export rounds, the main thread waiting on a mutex forever). ECDH
 * makes the same key pair without that job.
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
