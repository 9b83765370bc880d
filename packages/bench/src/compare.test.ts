import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { median, verdict } from './compare.js';

const entry = join(import.meta.dirname, '../dist/compare.js');

describe('bench:compare', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('counts the pairs in which this build cost less', () => {
    expect(verdict('device read', [50, 60, 55, 52], [54, 58, 56, 52])).toBe(
      'device read: this build 53.5 µs, the other 55.0 µs (medians); lower in 2 of 4 pairs',
    );
  });

  it.each([[[]], [['/nowhere']], [[join(import.meta.dirname, '../../server'), '0']]])(
    '%j is refused with the usage, exit 2, before any server starts',
    (args) => {
      const run = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^usage: npm run bench:compare -- <packages\/server/);
    },
  );
});
