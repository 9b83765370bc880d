import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { storeEnv } from './server.js';

const bin = join(import.meta.dirname, '../../bin/svc.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `svc` without blocking this process (for commands that wait on the server). */
export function svcAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const at = args.indexOf('--data-dir');
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, ...storeEnv(at >= 0 ? args[at + 1] : undefined), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a POSIX shell script in which `$SVC` is the built `svc` (to test `eval "$(svc …)"`). */
export function shell(script: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      env: { ...process.env, SVC: `${process.execPath} ${bin}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A user mistake: exit code 1, nothing on stdout, one `svc: …` line on stderr, no stack trace. */
export function expectOneLineRefusal(result: CliResult, containing: string | RegExp): void {
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^svc: [^\n]+\n$/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(containing);
}
