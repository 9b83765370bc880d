import { nodeHash } from '@svc/wire';

/**
 * A log's RFC 6962 tree as the complete subtrees `audit_nodes` keeps: the node (level, idx)
 * covers leaves [idx·2^level, (idx+1)·2^level). Every range a proof or a root needs is aligned
 * (RFC 6962 §2.1 splits at the largest power of two below a size), so it is a few complete
 * nodes, largest first, hashed right to left.
 */
export interface NodeKey {
  level: number;
  idx: number;
}
export type Range = readonly [start: number, end: number];
export type Nodes = ReadonlyMap<string, Uint8Array>;

export const nodeKey = (n: NodeKey) => `${n.level}:${n.idx}`;

/** The largest power of two below n (n > 1). */
const split = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

/** The complete nodes that make up [start, end), largest first. */
export function piecesOf([start, end]: Range): NodeKey[] {
  const pieces: NodeKey[] = [];
  let at = start;
  while (at < end) {
    const level = Math.floor(Math.log2(end - at));
    pieces.push({ level, idx: at / 2 ** level });
    at += 2 ** level;
  }
  return pieces;
}

/** MTH(D[start:end]) from the nodes that make it up. */
export function rangeHash(range: Range, nodes: Nodes): Uint8Array {
  const hashes = piecesOf(range).map((piece) => {
    const hash = nodes.get(nodeKey(piece));
    if (!hash) throw new Error(`audit node ${nodeKey(piece)} is missing`);
    return hash;
  });
  return hashes.reduceRight((right, left) => nodeHash(left, right));
}

/** RFC 6962 §2.1.1 PATH(m, D[start:end]), as the ranges whose hashes it lists. */
export function inclusionRanges(m: number, [start, end]: Range): Range[] {
  if (end - start <= 1) return [];
  const k = start + split(end - start);
  return m < k
    ? [...inclusionRanges(m, [start, k]), [k, end]]
    : [...inclusionRanges(m, [k, end]), [start, k]];
}

/** RFC 6962 §2.1.2 PROOF(m, D[0:n]) = SUBPROOF(m, D[0:n], true), as ranges. */
export function consistencyRanges(m: number, n: number): Range[] {
  const sub = (m_: number, [start, end]: Range, whole: boolean): Range[] => {
    if (start + m_ === end) return whole ? [] : [[start, end]];
    const k = split(end - start);
    return m_ <= k
      ? [...sub(m_, [start, start + k], whole), [start + k, end]]
      : [...sub(m_ - k, [start + k, end], false), [start, start + k]];
  };
  return m > 0 && m < n ? sub(m, [0, n], true) : [];
}

/** A proof's hashes: each range's, base64, in order. */
export const proofHashes = (ranges: readonly Range[], nodes: Nodes): string[] =>
  ranges.map((range) => Buffer.from(rangeHash(range, nodes)).toString('base64'));

/** The nodes the given ranges need. */
export const nodesOf = (ranges: readonly Range[]): NodeKey[] => ranges.flatMap(piecesOf);

/**
 * The nodes appending leaves at `size`, `size + 1`, … adds (their own level-0 nodes included):
 * each leaf completes a parent while its index at a level is odd. `nodes` must hold the
 * pieces of [0, size) (the frontier); it gains the new nodes.
 */
export function appendLeaves(
  size: number,
  leaves: readonly Uint8Array[],
  nodes: Map<string, Uint8Array>,
): (NodeKey & { hash: Uint8Array })[] {
  const added: (NodeKey & { hash: Uint8Array })[] = [];
  const put = (key: NodeKey, hash: Uint8Array) => {
    nodes.set(nodeKey(key), hash);
    added.push({ ...key, hash });
  };
  leaves.forEach((leaf, i) => {
    let key = { level: 0, idx: size + i };
    let hash = leaf;
    put(key, hash);
    while (key.idx % 2 === 1) {
      const left = nodes.get(nodeKey({ level: key.level, idx: key.idx - 1 }));
      if (!left) throw new Error('audit frontier is missing a node');
      hash = nodeHash(left, hash);
      key = { level: key.level + 1, idx: (key.idx - 1) / 2 };
      put(key, hash);
    }
  });
  return added;
}
