import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { IssuedCustomer } from '../../src/areas/customers/issue-credentials.js';
import { serverNodeFlags } from '../../src/node-flags.js';

const bin = join(import.meta.dirname, '../../bin/svc.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const onPostgres = process.env.SVC_TEST_STORE === 'postgres';
const masterKey = randomBytes(32).toString('hex');

/** True in the `postgres-e2e` project, where every data directory is backed by a PostgreSQL schema. */
export const e2eOnPostgres = onPostgres;

const schemaOf = (dataDir: string) =>
  `svc_e2e_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;

/** Runs one SQL statement on SVC_TEST_DATABASE_URL, synchronously (setup and teardown are sync). */
function adminQuery(statement: string): void {
  const script = `import pg from 'pg';
const c = new pg.Client({ connectionString: process.env.SVC_TEST_DATABASE_URL });
await c.connect(); await c.query(process.argv[1]); await c.end();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, statement], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${statement}: ${result.stderr}`);
}

/**
 * The environment that points `svc` at a data directory's store: nothing on SQLite (the store is
 * the directory's file); in the `postgres-e2e` project, DATABASE_URL with a search_path to the
 * directory's own schema (created on first use) and the master key PostgreSQL requires.
 */
export function storeEnv(dataDir: string | undefined): NodeJS.ProcessEnv {
  if (!onPostgres || !dataDir) return {};
  const base = process.env.SVC_TEST_DATABASE_URL;
  if (!base) throw new Error('the postgres-e2e project needs SVC_TEST_DATABASE_URL');
  const schema = schemaOf(dataDir);
  adminQuery(`create schema if not exists ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATABASE_URL: url.toString(), SVC_MASTER_KEY: masterKey };
}

const dataDirArg = (args: string[]) => {
  const at = args.indexOf('--data-dir');
  return at >= 0 ? args[at + 1] : undefined;
};

/** Runs the real `svc` CLI (the built one, as operators do), on the store of its `--data-dir`. */
export function svc(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, ...storeEnv(dataDirArg(args)), ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function createCustomerWithCli(
  dataDir: string,
  name: string,
  ...flags: string[]
): IssuedCustomer {
  const result = svc([
    'customers',
    'create',
    '--name',
    name,
    ...flags,
    '--json',
    '--data-dir',
    dataDir,
  ]);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as IssuedCustomer;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-e2e-'));
}

/**
 * What every spawned server is given so that it dies with this test process, however that ends
 * (a SIGKILL by vitest or its watchdog included): `--exit-with-parent`, and a pipe on stdin that
 * nothing writes, which the kernel closes when this process dies (`src/watch-parent.ts`).
 */
export const tiedToThisProcess = { args: ['--exit-with-parent'], stdin: 'pipe' } as const;

/** Spawns `svc serve` (on `port`, default 0: any free one) and resolves once it logs `listening on …`. */
export async function startServer(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; port?: number; extraArgs?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  // On PostgreSQL only `--migrate` brings a fresh schema up (unless the test names its own database).
  const store = options.env?.DATABASE_URL === undefined ? storeEnv(dataDir) : {};
  const migrate = onPostgres && store.DATABASE_URL ? ['--migrate'] : [];
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags,
      bin,
      'serve',
      '--port',
      String(options.port ?? 0),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...migrate,
      ...tiedToThisProcess.args,
      ...(options.extraArgs ?? []),
    ],
    {
      env: { ...process.env, SVC_ALLOW_INSECURE_CALLBACKS: '1', ...store, ...options.env },
      stdio: [tiedToThisProcess.stdin, 'pipe', 'pipe'],
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
  if (onPostgres) adminQuery(`drop schema if exists ${schemaOf(dir)} cascade`);
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

/** Whether a process is still running (a zombie, ended but not yet reaped, has ended). */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}
