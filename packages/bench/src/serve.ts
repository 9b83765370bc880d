import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Credentials } from '@svc/sdk';

/** The CLI of this checkout's server (`packages/server/bin/svc.js`). */
export const svcBin = fileURLToPath(new URL('../../server/bin/svc.js', import.meta.url));

/** What `svc customers create --json` prints (the operator contract in the README). */
/**
 * The environment of a benchmarked server: every burst comes from one address and one credential
 * (the limits still count each request), and each simulated user gets thousands of svcfications
 * (throughput, not fatigue).
 */
export const benchEnv = {
  SVC_RATE_LIMIT_PER_ADDRESS: '1000000000',
  SVC_RATE_LIMIT_PER_CREDENTIAL: '1000000000',
  SVC_SVCFICATION_OPEN_LIMIT: '0',
  SVC_SVCFICATION_WINDOW_LIMIT: '0',
};

export interface IssuedCustomer {
  id: string;
  name: string;
  server_credentials: Credentials;
  sdk_credentials: Credentials;
  sandbox_token: string;
  fido_api_key: string;
}

/** A `svc serve` process the bench started, and the URL it listens on. */
export interface Served {
  child: ChildProcess;
  url: string;
}

/** How long a server may take to say where it listens (PostgreSQL migrations included). */
const startMs = 60_000;

/** Reads the process's output file until it says where it listens, or the process ends. */
async function listening(child: ChildProcess, output: string, what: string): Promise<string> {
  const deadline = Date.now() + startMs;
  for (;;) {
    const text = readFileSync(output, 'utf8');
    const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(text)?.[1];
    if (url) return url;
    const ended = child.exitCode ?? child.signalCode;
    if (ended !== null) throw new Error(`${what} exited with ${ended}:\n${text}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not listen within ${startMs / 1000} s:\n${text}`);
    }
    await delay(50);
  }
}

/**
 * The Node.js flags on the `#!` line of `bin` (`#!/usr/bin/env -S node --no-memory-reducer`): the
 * flags an operator's `svc serve` runs under, which the bench passes when it starts `node` itself.
 */
export function shebangFlags(bin: string): string[] {
  const first = readFileSync(bin, 'utf8').split('\n', 1)[0] ?? '';
  const words = first.startsWith('#!') ? first.slice(2).trim().split(/\s+/) : [];
  const node = words.findIndex((word) => /(^|\/)node$/.test(word));
  return node < 0 ? [] : words.slice(node + 1).filter((word) => word.startsWith('--'));
}

/** How a served process is started besides its data: settings, and Node.js flags before the bin. */
export interface ServeOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Node.js flags of this run only (`--cpu-prof`), after the bin's own. */
  nodeFlags?: string[];
}

/**
 * `svc serve` of the build whose CLI is `bin`, on a free port of the system's choosing and with its
 * data in `dir`, as an operator starts it (its Node.js flags included, its log sent to a file
 * there); it ends when the bench does (`--exit-with-parent`).
 */
export async function serve(bin: string, dir: string, options: ServeOptions = {}): Promise<Served> {
  const { args = [], env = process.env, nodeFlags = [] } = options;
  const output = join(dir, 'svc.out');
  const file = openSync(output, 'w');
  const child = spawn(
    process.execPath,
    [
      ...shebangFlags(bin),
      ...nodeFlags,
      bin,
      'serve',
      '--port',
      '0',
      '--data-dir',
      dir,
      '--exit-with-parent',
      ...args,
    ],
    { env, stdio: ['ignore', file, file] },
  );
  closeSync(file);
  return { child, url: await listening(child, output, 'svc serve') };
}

/**
 * The floor's server: a bare Fastify JSON route (`bare.ts`) in a process of its own, under the
 * same Node.js flags as svc; it ends when its stdin does, that is with the bench.
 */
export async function serveBare(dir: string): Promise<Served> {
  const output = join(dir, 'bare.out');
  const file = openSync(output, 'w');
  // The built file, from the sources (tests) as from the build.
  const entry = fileURLToPath(new URL('../dist/bare.js', import.meta.url));
  const child = spawn(process.execPath, [...shebangFlags(svcBin), entry], {
    stdio: ['pipe', file, file],
  });
  closeSync(file);
  return { child, url: await listening(child, output, 'the bare server') };
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

/** The highest resident set size of a process so far (VmHWM), in MB, from `/proc` (Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
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
