import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { IssuedCustomer } from '../../src/core/customers.js';

const bin = join(import.meta.dirname, '../../bin/svc.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the real `svc` CLI (the built one, as operators do). */
export function svc(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function createCustomerWithCli(dataDir: string, name: string): IssuedCustomer {
  const result = svc(['customers', 'create', '--name', name, '--json', '--data-dir', dataDir]);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as IssuedCustomer;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-e2e-'));
}

/** Spawns `svc serve` (on `port`, default 0: any free one) and resolves once it logs `listening on …`. */
export async function startServer(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; port?: number; extraArgs?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const child = spawn(
    process.execPath,
    [
      bin,
      'serve',
      '--port',
      String(options.port ?? 0),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...(options.extraArgs ?? []),
    ],
    {
      env: { ...process.env, SVC_ALLOW_INSECURE_CALLBACKS: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** One spawned server for a test file: started before its tests, stopped and removed after them. */
export function useServer(options: Parameters<typeof startServer>[0] = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });
  return () => {
    if (!server) throw new Error('the server is not running');
    return server;
  };
}
