import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { IssuedCustomer } from '../areas/customers/issue-credentials.js';
import { serverNodeFlags } from '../node-flags.js';

/** A `svc serve` process the bench started, and the URL it listens on. */
export interface Served {
  child: ChildProcess;
  url: string;
}

/** How long a server may take to say where it listens (PostgreSQL migrations included). */
const startMs = 60_000;

/** Reads the process's output file until it says where it listens, or the process ends. */
async function listening(child: ChildProcess, output: string): Promise<string> {
  const deadline = Date.now() + startMs;
  for (;;) {
    const text = readFileSync(output, 'utf8');
    const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(text)?.[1];
    if (url) return url;
    const ended = child.exitCode ?? child.signalCode;
    if (ended !== null) throw new Error(`svc serve exited with ${ended}:\n${text}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`svc serve did not listen within ${startMs / 1000} s:\n${text}`);
    }
    await delay(50);
  }
}

/**
 * `svc serve` of the build whose CLI is `bin`, on a port of the system's choosing and with its data
 * in `dir`, as an operator starts it (its Node.js flags included, its log sent to a file there).
 */
export async function serve(
  bin: string,
  dir: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Served> {
  const output = join(dir, 'svc.out');
  const file = openSync(output, 'w');
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, bin, 'serve', '--port', '0', '--data-dir', dir, ...args],
    { env, stdio: ['ignore', file, file] },
  );
  closeSync(file);
  return { child, url: await listening(child, output) };
}

/** Stops a served process and waits for it to end (at once if it has ended already). */
export function stop({ child }: Served): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()).kill('SIGTERM'));
}

/** A customer made with the CLI of `bin` (`svc customers create --json`). */
export function createCustomer(
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): IssuedCustomer {
  const created = spawnSync(
    process.execPath,
    [bin, 'customers', 'create', '--name', 'bench', '--json', ...args],
    { env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`svc customers create failed:\n${created.stderr}`);
  return JSON.parse(created.stdout) as IssuedCustomer;
}

/**
 * The CPU time a process has used so far (user and system), in µs, from `/proc` (Linux): clock
 * ticks of 10 ms (USER_HZ is 100 on Linux for every architecture svc runs on).
 */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
