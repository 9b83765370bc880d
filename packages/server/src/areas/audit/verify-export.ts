import { auditEntry, leafHash, openCheckpoint, verifyInclusion, type AuditEvent } from '@svc/wire';

export type Verdict =
  | { ok: true; first: number | null; last: number | null; size: number }
  | { ok: false; index: number | null; reason: string };

const bytes = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));

/**
 * Checks an export (`svc audit export` lines) against a checkpoint signed by `key`: indexes run
 * on one by one up to the checkpoint's last, and each event's inclusion proof leads from its own
 * hash to the signed root. Names the first index where that fails: a row changed, removed or
 * moved, or the newest rows cut. An export may start past 0 (older events past the retention).
 */
export function verifyExport(lines: readonly string[], note: string, key: string): Verdict {
  const checkpoint = openCheckpoint(note, key);
  if (typeof checkpoint === 'string') return { ok: false, index: null, reason: checkpoint };
  const { size, root } = checkpoint;
  let previous: number | null = null;
  let first: number | null = null;
  for (const [n, line] of lines.entries()) {
    let exported: AuditEvent & { inclusion_proof?: string[] };
    try {
      exported = JSON.parse(line) as typeof exported;
    } catch {
      return {
        ok: false,
        index: previous === null ? null : previous + 1,
        reason: `line ${n + 1} is not JSON`,
      };
    }
    const { inclusion_proof: proof = [], ...event } = exported;
    const expected: number = previous === null ? event.index : previous + 1;
    if (event.index !== expected)
      return {
        ok: false,
        index: expected,
        reason: event.index > expected ? 'missing' : 'out of order or repeated',
      };
    if (!Number.isInteger(event.index) || event.index >= size)
      return { ok: false, index: event.index, reason: 'past the checkpoint' };
    const leaf = leafHash(auditEntry(event));
    if (!verifyInclusion(event.index, size, leaf, proof.map(bytes), root))
      return { ok: false, index: event.index, reason: 'not the event the checkpoint signed' };
    first ??= event.index;
    previous = event.index;
  }
  if ((previous ?? -1) < size - 1)
    return { ok: false, index: (previous ?? -1) + 1, reason: 'the newest events were cut' };
  return { ok: true, first, last: previous, size };
}
