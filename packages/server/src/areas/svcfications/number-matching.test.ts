import type { DecodedPayload } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { matchChallenge, numberMatchFailure, usesNumberMatching } from './number-matching.js';

const body = (desired_level: number, number_matching?: boolean | null) => ({
  action: 'a',
  resource: 'r',
  desired_level,
  ...(number_matching === undefined ? {} : { number_matching }),
});

/** Randomness that hands out the given 32-bit values in turn. */
function fixed(...values: number[]) {
  let i = 0;
  return {
    random: () => {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(values[i++ % values.length] ?? 0);
      return bytes.toString('base64url');
    },
  };
}

const deviceAr = (match_number?: number): DecodedPayload => ({
  type: 'device_ar',
  svcfication_id: 's',
  device_identifier: 'd',
  ...(match_number === undefined ? {} : { match_number }),
});

describe('usesNumberMatching', () => {
  it.each([
    [1, undefined, true, false],
    [2, undefined, true, true],
    [3, undefined, true, true],
    [2, undefined, false, false],
    [1, true, false, true],
    [3, false, true, false],
    [2, null, true, true],
  ] as const)('level %i, asked %s, customer default %s → %s', (level, asked, dflt, expected) => {
    expect(usesNumberMatching(body(level, asked), dflt)).toBe(expected);
  });
});

describe('matchChallenge', () => {
  it('draws three distinct two-digit numbers, the first being the one to match', () => {
    // 47 → 10 + 37; 37 again (a repeat, drawn anew); 0 → 10; 89 → 99.
    const { number, candidates } = matchChallenge(fixed(37, 37, 0, 89));
    expect(number).toBe(47);
    expect(candidates).toEqual([10, 47, 99]);
  });

  it('always yields 10–99 with real randomness', async () => {
    const { randomIds } = await import('../../core/ids.js');
    for (let i = 0; i < 200; i++) {
      const { number, candidates } = matchChallenge(randomIds);
      expect(number).toBeGreaterThanOrEqual(10);
      expect(number).toBeLessThanOrEqual(99);
      expect(new Set(candidates).size).toBe(3);
      expect(candidates).toContain(number);
    }
  });
});

describe('numberMatchFailure', () => {
  it('is null without number matching, whatever the answer says', () => {
    expect(numberMatchFailure(null, [deviceAr(12)])).toBeNull();
    expect(numberMatchFailure(null, [deviceAr()])).toBeNull();
  });

  it('names a missing or wrong number; the right one passes', () => {
    expect(numberMatchFailure(42, [deviceAr()])).toBe('match_number_missing');
    expect(numberMatchFailure(42, [deviceAr(24)])).toBe('match_number_wrong');
    expect(numberMatchFailure(42, [deviceAr(42)])).toBeNull();
  });
});
