import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The built entry point, as `npm run bench` runs it; these arguments stop it before any load.
const entry = join(import.meta.dirname, '../dist/index.js');
const bench = (...args: string[]) =>
  spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8' });

describe('the bench command line', () => {
  it('--help prints the usage and exits 0', () => {
    const run = bench('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run bench \[seconds\]/);
  });

  it.each([
    [['--nope'], "bench: Unknown option '--nope'"],
    [['--only', 'sandbox,nope'], 'bench: unknown scenario nope (sandbox, device,'],
    [['0'], 'bench: seconds must be a number above 0'],
    [['--sql'], "bench: Unknown option '--sql'"],
  ])('%j is refused in one line and the usage, exit 2, no stack', (args, message) => {
    const run = bench(...args);
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(message);
    expect(lines[1]).toMatch(/^usage: /);
  });
});
