import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, serverNodeFlags } from './node-flags.js';

const bin = new URL('../bin/svc.js', import.meta.url);
const rootPackage = new URL('../../../package.json', import.meta.url);

/** The words of a command line after its `node`. */
function nodeArgs(commandLine: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  return words.slice(words.indexOf('node') + 1);
}

describe('the Node.js flags of svc serve', () => {
  it('are named when missing', () => {
    expect(missingNodeFlags([])).toEqual(serverNodeFlags);
    expect(missingNodeFlags(['--inspect', ...serverNodeFlags])).toEqual([]);
  });

  it('are passed by npm start', () => {
    const { scripts } = JSON.parse(readFileSync(rootPackage, 'utf8')) as {
      scripts: Record<string, string>;
    };
    const args = nodeArgs(scripts['start'] ?? '');
    expect(args.slice(0, serverNodeFlags.length)).toEqual(serverNodeFlags);
  });

  it("are passed by the bin's shebang, which runs as a command", () => {
    const shebang = readFileSync(bin, 'utf8').split('\n')[0] ?? '';
    expect(shebang.startsWith('#!/usr/bin/env -S node ')).toBe(true);
    expect(nodeArgs(shebang)).toEqual(serverNodeFlags);
    const run = spawnSync(fileURLToPath(bin), ['--version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
