import { createHash, createPublicKey, verify } from 'node:crypto';

/**
 * An independent reading of RFC 6962 §2.1 (MTH, PATH, PROOF by their recursive definitions over
 * the whole leaf list) and of the C2SP signed note, for the tests to check svc's proofs against.
 * It shares no code with svc.
 */
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const k = (n: number) => {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
};

/** RFC 8785 for the values events hold: object keys sorted, JSON.stringify for the rest. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const leafOf = (event: object) => sha256(Buffer.from([0]), Buffer.from(canonical(event)));

export function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0]!;
  const split = k(leaves.length);
  return sha256(Buffer.from([1]), mth(leaves.slice(0, split)), mth(leaves.slice(split)));
}

export function path(m: number, leaves: Buffer[]): Buffer[] {
  if (leaves.length <= 1) return [];
  const split = k(leaves.length);
  return m < split
    ? [...path(m, leaves.slice(0, split)), mth(leaves.slice(split))]
    : [...path(m - split, leaves.slice(split)), mth(leaves.slice(0, split))];
}

function subproof(m: number, leaves: Buffer[], whole: boolean): Buffer[] {
  const n = leaves.length;
  if (m === n) return whole ? [] : [mth(leaves)];
  const split = k(n);
  return m <= split
    ? [...subproof(m, leaves.slice(0, split), whole), mth(leaves.slice(split))]
    : [...subproof(m - split, leaves.slice(split), false), mth(leaves.slice(0, split))];
}

export const proof = (m: number, leaves: Buffer[]) => subproof(m, leaves, true);

/** The body lines of a note signed by the verifier key (C2SP signed-note, Ed25519), or null. */
export function openNote(note: string, verifierKey: string): string[] | null {
  const [name, hex] = verifierKey.split('+') as [string, string];
  const keyB64 = verifierKey.slice(name.length + hex.length + 2);
  const key = Buffer.from(keyB64, 'base64');
  const id = sha256(Buffer.from(`${name}\n`), key).subarray(0, 4);
  if (id.toString('hex') !== hex || key[0] !== 1) return null;
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key.subarray(1)]);
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const [body, signatures] = note.split('\n\n') as [string, string];
  const line = signatures.split('\n').find((l) => l.startsWith(`\u2014 ${name} `));
  const sig = Buffer.from(line?.split(' ')[2] ?? '', 'base64');
  if (sig.length !== 68 || !sig.subarray(0, 4).equals(id)) return null;
  return verify(null, Buffer.from(`${body}\n`), publicKey, sig.subarray(4))
    ? body.split('\n')
    : null;
}
