import type { BenchResult } from './run.js';

/** A row's floor: the CPU per operation of the work it cannot do without, and what that is. */
export interface Floor {
  floorUs?: number;
  floor: string;
}

/** The rows the floors are made of, measured in the same run. */
export interface FloorRows {
  barePost: BenchResult;
  bareGet: BenchResult;
  es256: BenchResult;
  /** SimpleWebAuthn's assertion check alone. */
  assertionCheck?: BenchResult;
}

/** `parts` (CPU µs per operation of a row, times a count) summed; none if one is unmeasured. */
function sum(name: string, parts: [BenchResult | undefined, number][]): Floor {
  let total = 0;
  for (const [row, times] of parts) {
    if (!row?.serverCpuUs) return { floor: name };
    total += row.serverCpuUs * times;
  }
  return { floorUs: total, floor: name };
}

/**
 * The floor of each kind of row: a bare request of the same method; for the push round trip, its
 * four calls as bare requests (create and answer are POSTs, next and read GETs) and the four ES256
 * verifications svc must make (the device's signature on next and on answer, and the two payloads
 * the answer carries); for the FIDO finish, a bare POST and SimpleWebAuthn's assertion check.
 */
export function floorsOf(f: FloorRows) {
  return {
    post: sum('bare POST', [[f.barePost, 1]]),
    get: sum('bare GET', [[f.bareGet, 1]]),
    trip: sum('2 bare POST + 2 bare GET + 4 ES256', [
      [f.barePost, 2],
      [f.bareGet, 2],
      [f.es256, 4],
    ]),
    fido: sum('bare POST + assertion check', [
      [f.barePost, 1],
      [f.assertionCheck, 1],
    ]),
  };
}

/** The row with its floor set. */
export const floored = (row: BenchResult, floor: Floor): BenchResult => ({ ...row, ...floor });
