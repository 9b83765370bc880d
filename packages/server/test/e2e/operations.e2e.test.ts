import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  e2eOnPostgres,
  removeDataDir,
  running,
  startServer,
  storeEnv,
  svc,
  tempDataDir,
  tiedToThisProcess as tied,
} from './server.js';
import { serverNodeFlags } from '../../src/node-flags.js';

const repoRoot = join(import.meta.dirname, '../../../..');
const bin = join(repoRoot, 'packages/server/bin/svc.js');
const newKey = () => randomBytes(32).toString('hex');

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `svc serve` on `port` over `dataDir` (and `env`'s store), spawned here rather than by
 * `startServer`, which waits for the output these tests close or race.
 */
function spawnServe(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}) {
  const migrate = env.DATABASE_URL ? ['--migrate'] : [];
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, bin, 'serve', '--port', String(port), ...migrate, ...tied.args],
    {
      env: { ...process.env, SVC_DATA_DIR: dataDir, ...env },
      stdio: [tied.stdin, 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited };
}

/** Polls every few ms until a TCP connection to `port` is accepted (the kernel's, at `listen`). */
async function accepts(port: number, seconds = 25): Promise<boolean> {
  const attempt = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(2))
    if (await attempt()) return true;
  return false;
}

/** Polls until `check` holds; false after `seconds` (a generous bound, never a speed claim). */
async function eventually(check: () => boolean | Promise<boolean>, seconds = 25): Promise<boolean> {
  for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(100))
    if (await check()) return true;
  return false;
}

const answers = (url: string) =>
  fetch(`${url}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

describe('the master key check', () => {
  it('a changed SVC_MASTER_KEY stops `svc serve` and CLI commands, naming the variable', async () => {
    const dataDir = tempDataDir();
    const key = newKey();
    const first = await startServer({ dataDir, env: { SVC_MASTER_KEY: key } });
    expect(await first.stop()).toBe(0);

    const wrong = await startServer({ dataDir, env: { SVC_MASTER_KEY: newKey() } }).then(
      async (server) => `started: ${String(await server.stop())}`,
      (err: Error) => err.message,
    );
    expect(wrong).toMatch(/^server exited with 1:/);
    expect(wrong).toContain('SVC_MASTER_KEY is not the master key this database was set up with');

    const cli = ['customers', 'create', '--name', 'x', '--json', '--data-dir', dataDir];
    const refused = svc(cli, { SVC_MASTER_KEY: newKey() });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('svc: SVC_MASTER_KEY is not the master key');
    expect(refused.stdout).toBe('');
    expect(svc(cli, { SVC_MASTER_KEY: key }).status).toBe(0);
    removeDataDir(dataDir);
  });

  // The key file is SQLite's: on PostgreSQL SVC_MASTER_KEY is required and no file is read.
  it.skipIf(e2eOnPostgres)(
    'a replaced key file in the data dir stops the server and the CLI, naming the file',
    async () => {
      const dataDir = tempDataDir();
      const env = { SVC_MASTER_KEY: '' };
      const first = await startServer({ dataDir, env });
      expect(await first.stop()).toBe(0);
      const file = join(dataDir, 'master.key');
      writeFileSync(file, randomBytes(32).toString('base64'));
      const message = `the key file ${file} is not the master key`;
      await expect(startServer({ dataDir, env })).rejects.toThrow(message);
      const result = svc(['sms', 'list', '--data-dir', dataDir], env);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`svc: ${message}`);
      removeDataDir(dataDir);
    },
  );
});

describe('shutdown', () => {
  it('a start that cannot listen shows no demo credentials; the next start shows them', async () => {
    const dataDir = tempDataDir();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const failed = await startServer({ dataDir, port }).then(
      async (server) => `started: ${String(await server.stop())}`,
      (err: Error) => err.message,
    );
    await new Promise((resolve) => taken.close(resolve));
    expect(failed).toMatch(/^server exited with 1:/);
    expect(failed).not.toContain('sandbox_token');
    const server = await startServer({ dataDir });
    expect(server.output()).toContain('"sandbox_token"');
    expect(await server.stop()).toBe(0);
    removeDataDir(dataDir);
  });

  // Several instances are what PostgreSQL is for.
  it.skipIf(e2eOnPostgres)(
    'a second `svc serve` on the same SQLite data directory refuses to start',
    async () => {
      const server = await startServer();
      const second = await startServer({ dataDir: server.dataDir }).then(
        async (other) => `started: ${String(await other.stop())}`,
        (err: Error) => err.message,
      );
      expect(second).toMatch(/^server exited with 1:[\s\S]*another svc serve runs on/);
      expect(await answers(server.url)).toBe(true);
      // The CLI still works beside the server.
      expect(svc(['customers', 'list', '--data-dir', server.dataDir]).status).toBe(0);
      expect(await server.stop()).toBe(0);
      // The lock went with the process: the directory serves again.
      const again = await startServer({ dataDir: server.dataDir });
      expect(await again.stop()).toBe(0);
      removeDataDir(server.dataDir);
    },
  );

  it('SIGTERM ends the server when its stdout is a closed pipe', async () => {
    const server = await startServer();
    server.process.stdout?.destroy();
    for (let i = 0; i < 20; i++) expect(await answers(server.url)).toBe(true); // log lines → EPIPE
    expect(await server.stop('SIGTERM')).toBe(0);
    removeDataDir(server.dataDir);
  });

  it('SIGTERM ends the server after SVC_SHUTDOWN_TIMEOUT_SECONDS when a request never finishes', async () => {
    // At debug level the server logs each request as it arrives.
    const env = { SVC_SHUTDOWN_TIMEOUT_SECONDS: '1', SVC_LOG_LEVEL: 'debug' };
    const server = await startServer({ env });
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    // Headers and part of a body: the request stays in flight until the client sends the rest.
    socket.write(
      'POST /api/v2/verifications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"aamva":',
    );
    expect(await eventually(() => server.output().includes('"url":"/api/v2/verifications"'))).toBe(
      true,
    );
    expect(await server.stop('SIGTERM')).toBe(1);
    expect(server.output()).toContain('still closing after 1 s, exiting');
    socket.destroy();
    removeDataDir(server.dataDir);
  });

  it('a server whose stdout was closed from the start serves and ends on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const { child, exited } = spawnServe(dataDir, port);
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await eventually(() => answers(`http://127.0.0.1:${port}`)), stderr).toBe(true);
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    removeDataDir(dataDir);
  });

  it('a SIGTERM the moment the port accepts lets the first start finish, then exits 0', async () => {
    // After listening, a first start creates the demo customer and prints the address: a signal
    // in between must wait for that, not close the store under it.
    const dataDir = tempDataDir();
    const port = await freePort();
    const { child, exited } = spawnServe(dataDir, port, storeEnv(dataDir));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await accepts(port), output).toBe(true);
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('Created the demo customer');
    expect(output).toContain(`listening on http://127.0.0.1:${port}`);
    removeDataDir(dataDir);
  });

  it('`npm start` leaves no server behind when npm is stopped with SIGTERM', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), SVC_DATA_DIR: dataDir },
      stdio: [tied.stdin, 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const serverPid = () => Number(/"pid":(\d+)[^\n]*"server started"/.exec(output)?.[1] ?? 0);
    expect(await eventually(() => serverPid() > 0), output).toBe(true);
    const pid = serverPid();
    try {
      expect(await answers(`http://127.0.0.1:${port}`)).toBe(true);
      expect(output).not.toContain('started without node');
      npm.kill('SIGTERM');
      expect(await eventually(() => !running(pid)), output).toBe(true);
      expect(await answers(`http://127.0.0.1:${port}`)).toBe(false);
    } finally {
      if (running(pid)) process.kill(pid, 'SIGKILL');
      removeDataDir(dataDir);
    }
  });
});
