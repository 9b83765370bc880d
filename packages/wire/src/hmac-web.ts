// The SVC HMAC scheme on WebCrypto, for clients on any runtime: the same signatures as hmac.ts
// (the same vectors pass), asynchronous because WebCrypto is.
import { md5 } from '@noble/hashes/legacy';
import { bytesToHex } from '@noble/hashes/utils';
import { signedLines, type SignedParts } from './string-to-sign.js';

const utf8 = new TextEncoder();

/** `METHOD\nmd5hex(body)\nContent-Type\nDate\npath?query`; MD5 from @noble/hashes: WebCrypto has none. */
export function stringToSign(parts: SignedParts): string {
  const body = typeof parts.body === 'string' ? utf8.encode(parts.body) : parts.body;
  return signedLines(parts, bytesToHex(md5(body)));
}

/** HMAC keys by secret: a caller signs every request with the same one (a bounded cache). */
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    // WebCrypto refuses an empty key; HMAC pads keys with zeros to its block size, so one zero
    // byte is the same key (RFC 2104, section 2), as Node's HMAC signs with an empty secret.
    const bytes = secret ? utf8.encode(secret) : new Uint8Array(1);
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    key = crypto.subtle.importKey('raw', bytes, algorithm, false, ['sign']);
    if (keys.size >= 1000) keys.delete(keys.keys().next().value as string);
    keys.set(secret, key);
  }
  return key;
}

/** base64 of the hex text of HMAC-SHA256 (not of the binary digest), keyed by the UTF-8 secret. */
export async function hmacSignature(secret: string, parts: SignedParts): Promise<string> {
  const text = utf8.encode(stringToSign(parts));
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), text);
  return btoa(bytesToHex(new Uint8Array(mac)));
}

/** `Authorization: SVC <token>:<signature>` */
export async function svcAuthorization(
  token: string,
  secret: string,
  parts: SignedParts,
): Promise<string> {
  return `SVC ${token}:${await hmacSignature(secret, parts)}`;
}
