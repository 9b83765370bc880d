import { describe, expect, it } from 'vitest';
import { dueMs, warmUpSeconds } from './run.js';

describe('dueMs', () => {
  const rate = 1000;
  const rising = (rate * warmUpSeconds) / 2;

  it('raises the rate from zero over the warm-up, then holds it', () => {
    expect(dueMs(0, rate)).toBe(0);
    expect(dueMs(rising, rate)).toBe(warmUpSeconds * 1000);
    // Near the end of the warm-up requests come almost at the full rate; early ones far apart.
    expect(dueMs(1, rate) - dueMs(0, rate)).toBeGreaterThan(50);
    expect(dueMs(rising - 1, rate) - dueMs(rising - 2, rate)).toBeLessThan(1.01);
    expect(dueMs(rising + 10, rate) - dueMs(rising + 9, rate)).toBeCloseTo(1000 / rate);
  });

  it('never schedules a request before the one ahead of it', () => {
    for (let i = 1; i < rising * 2; i++) expect(dueMs(i, rate)).toBeGreaterThan(dueMs(i - 1, rate));
  });
});
