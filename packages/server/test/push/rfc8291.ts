import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A Web Push user agent's side, written from RFC 8291 and RFC 8292 for the tests (not with the
 * library the server sends with): a subscription's keys, the decryption of an aes128gcm message
 * (RFC 8188) and the check of the VAPID authorization.
 */
export interface Subscriber {
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

export function newSubscriber(): Subscriber {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id.
      const salt = body.subarray(0, 16);
      const idLength = body[20] ?? 0;
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 §3.3–3.4.
      const secret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then any padding zeros.
      const end = padded.lastIndexOf(2);
      if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * RFC 8292 §2–3: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 under that key,
 * for the endpoint's origin, expiring within 24 hours. Answers the key and the claims.
 */
export async function checkVapid(
  authorization: string | undefined,
  endpointOrigin: string,
): Promise<{ key: string; claims: JWTPayload }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid authorization: ${authorization}`);
  const [, token = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('the VAPID JWT is not ES256');
  const { payload } = await jwtVerify(token, publicKey, { audience: endpointOrigin });
  const lifetime = (payload.exp ?? 0) - Date.now() / 1000;
  if (lifetime <= 0 || lifetime > 24 * 3600) throw new Error(`exp is ${lifetime} s away`);
  return { key, claims: payload };
}
