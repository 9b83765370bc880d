import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { encodeBase64 } from '../base64.js';

/**
 * Checkpoints in the C2SP `tlog-checkpoint` text (origin, tree size, base64 root hash), signed as a
 * C2SP `signed-note` with Ed25519: after a blank line, `— <key name> base64(key id || signature)`,
 * the key id being the first 4 bytes of SHA-256(key name || "\n" || 0x01 || public key). A
 * verifier key is written `<name>+<key id hex>+base64(0x01 || public key)`.
 */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

const text = new TextEncoder();
const ed25519Type = 0x01;

const fromBase64 = (b64: string): Uint8Array | null => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/** The checkpoint's signed text: three lines. */
export const checkpointBody = (c: Checkpoint): string =>
  `${c.origin}\n${c.size}\n${encodeBase64(c.root)}\n`;

/** The key id a signature line starts with. */
export function checkpointKeyId(name: string, publicKey: Uint8Array): Uint8Array {
  const data = new Uint8Array([...text.encode(`${name}\n`), ed25519Type, ...publicKey]);
  return sha256(data).slice(0, 4);
}

/** The verifier key a customer keeps to check checkpoints. */
export const verifierKey = (name: string, publicKey: Uint8Array): string =>
  `${name}+${bytesToHex(checkpointKeyId(name, publicKey))}+${encodeBase64(
    Uint8Array.of(ed25519Type, ...publicKey),
  )}`;

/** The note: body, blank line, one signature line. */
export const signedCheckpoint = (body: string, name: string, keyId: Uint8Array, sig: Uint8Array) =>
  `${body}\n\u2014 ${name} ${encodeBase64(Uint8Array.of(...keyId, ...sig))}\n`;

/** The checkpoint a note holds when the verifier key signed it; else why not. */
export function openCheckpoint(note: string, key: string): Checkpoint | string {
  // name+hash+key: the name and the hex hash hold no '+', the base64 key may.
  const [, name, idHex, keyB64] = /^([^+\s]+)\+([0-9a-f]{8})\+(\S+)$/.exec(key) ?? [];
  const keyBytes = fromBase64(keyB64 ?? '');
  if (!name || !idHex || keyBytes?.length !== 33 || keyBytes[0] !== 1)
    return 'the verifier key is not an Ed25519 note key';
  const publicKey = keyBytes.slice(1);
  const keyId = checkpointKeyId(name, publicKey);
  if (bytesToHex(keyId) !== idHex) return 'the verifier key id does not match its key';
  const split = note.indexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return 'the checkpoint is not a signed note';
  const body = note.slice(0, split + 1);
  const signatures = note.slice(split + 2, -1).split('\n');
  const signed = signatures.some((line) => {
    const match = /^\u2014 (\S+) (\S+)$/.exec(line);
    const bytes = match?.[1] === name ? fromBase64(match[2]!) : null;
    if (bytes?.length !== 68 || bytesToHex(bytes.slice(0, 4)) !== idHex) return false;
    return ed25519.verify(bytes.slice(4), text.encode(body), publicKey);
  });
  if (!signed) return 'no valid signature by the verifier key';
  const [origin, size, rootB64] = body.split('\n');
  const root = fromBase64(rootB64 ?? '');
  if (!origin || !/^(0|[1-9]\d{0,15})$/.test(size ?? '') || root?.length !== 32)
    return 'the checkpoint body is not origin, size and root hash';
  return { origin, size: Number(size), root };
}
