// The SVC HMAC scheme: clients sign requests with it, the server signs its answers.
import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';

/** The parts of a request (or response) that the SVC HMAC scheme signs. */
export interface SignedParts {
  method: string;
  body: Uint8Array | string;
  contentType: string;
  date: string;
  /** Raw request target: path plus `?query`, exactly as sent. */
  path: string;
}

/** One-shot (no Hash object): about 0.6 µs less than `createHash` for a 600-byte answer. */
const md5Hex = (body: Uint8Array | string): string => hash('md5', body, 'hex');
/** Most signed requests (reads) and answers (204s) have no body. */
const emptyBodyMd5 = md5Hex('');

/** `METHOD\nmd5hex(body)\nContent-Type\nDate\npath?query` */
export function stringToSign(parts: SignedParts): string {
  const bodyMd5 = parts.body.length === 0 ? emptyBodyMd5 : md5Hex(parts.body);
  return [parts.method.toUpperCase(), bodyMd5, parts.contentType, parts.date, parts.path].join(
    '\n',
  );
}

/** HMAC keys by secret: a caller signs every request with the same one (a bounded cache). */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (keys.size >= 1000) keys.delete(keys.keys().next().value as string);
    keys.set(secret, key);
  }
  return key;
}

/** base64 of the hex text of HMAC-SHA256 (not of the binary digest), keyed by the UTF-8 secret. */
export function hmacSignature(secret: string, parts: SignedParts): string {
  const hex = createHmac('sha256', keyOf(secret)).update(stringToSign(parts)).digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** `Authorization: SVC <token>:<signature>` */
export function svcAuthorization(token: string, secret: string, parts: SignedParts): string {
  return `SVC ${token}:${hmacSignature(secret, parts)}`;
}

/** `SVC <token>:<signature>`; the token is JWT-shaped (no colon), so split at the last colon. */
export function parseSvcAuthorization(
  header: string | undefined,
): { token: string; signature: string } | null {
  const match = /^SVC\s+(\S+)$/.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const value = match[1];
  const cut = value.lastIndexOf(':');
  if (cut <= 0 || cut === value.length - 1) return null;
  return { token: value.slice(0, cut), signature: value.slice(cut + 1) };
}
