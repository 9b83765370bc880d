import type { RejectReason } from '@svc/wire';
import type { Ids } from '../../core/ids.js';
import type { Payload } from './payloads.js';
import type { SvcficationBody } from './schemas.js';

/**
 * Whether a new svcfication uses number matching: as the request says, else the customer's
 * setting for desired_level ≥ 2 (level 1 proves only the device, and is meant to be silent).
 */
export function usesNumberMatching(body: SvcficationBody, customerDefault: boolean): boolean {
  return body.number_matching ?? (customerDefault && body.desired_level >= 2);
}

/**
 * The number the relying party shows (10–99) and the three choices the device offers: distinct,
 * in ascending order so their order tells nothing about which one is right.
 */
export function matchChallenge(ids: Pick<Ids, 'random'>): { number: number; candidates: number[] } {
  const picked: number[] = [];
  while (picked.length < 3) {
    const n = 10 + (Buffer.from(ids.random(4), 'base64url').readUInt32BE(0) % 90);
    if (!picked.includes(n)) picked.push(n);
  }
  const [number = 10] = picked;
  return { number, candidates: picked.sort((a, b) => a - b) };
}

/** Why an answer fails number matching (it then rejects the svcfication), or null. */
export function numberMatchFailure(
  expected: number | null,
  payloads: readonly Payload[],
): RejectReason | null {
  if (expected === null) return null;
  const given = payloads.find((p) => p.type === 'device_ar')?.match_number;
  if (given === undefined) return 'match_number_missing';
  return given === expected ? null : 'match_number_wrong';
}
