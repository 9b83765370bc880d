import { sha256 } from '@noble/hashes/sha2';

/**
 * The Merkle tree hashes of RFC 6962 §2.1 (RFC 9162 §2.1.1) and the checks of its proofs, as
 * RFC 9162 §2.1.3.2 and §2.1.4.2 write them. Sizes and indexes are whole numbers below 2^53.
 */

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** MTH of one entry: SHA-256(0x00 || entry). */
export const leafHash = (entry: Uint8Array): Uint8Array => sha256(concat(Uint8Array.of(0), entry));

/** An inner node: SHA-256(0x01 || left || right). */
export const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array =>
  sha256(concat(Uint8Array.of(1), left, right));

/** MTH of the empty tree: SHA-256 of nothing. */
export const emptyRoot = (): Uint8Array => sha256(new Uint8Array());

const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);
const half = (n: number) => Math.floor(n / 2);
const odd = (n: number) => n % 2 === 1;

/** Whether `path` proves the leaf `hash` at `index` in the tree of `size` whose root is `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  hash: Uint8Array,
  path: Uint8Array[],
  root: Uint8Array,
): boolean {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = hash;
  for (const p of path) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equal(r, root);
}

/** Whether `path` proves that the tree of `second` leaves (`secondRoot`) extends `first`'s. */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  path: Uint8Array[],
): boolean {
  if (first > second) return false;
  if (first === second) return path.length === 0 && equal(firstRoot, secondRoot);
  if (first === 0) return path.length === 0;
  const hashes = Number.isInteger(Math.log2(first)) ? [firstRoot, ...path] : path;
  if (hashes.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = hashes[0]!;
  let sr = hashes[0]!;
  for (const c of hashes.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return equal(fr, firstRoot) && equal(sr, secondRoot) && sn === 0;
}
