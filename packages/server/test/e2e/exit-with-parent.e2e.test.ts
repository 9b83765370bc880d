import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../src/node-flags.js';
import { removeDataDir, running, tempDataDir, tiedToThisProcess as tied } from './server.js';

// A test process killed outright (vitest's timeout, its watchdog, CI) must leave no server behind:
// each server is started the kit's way by a helper process, which is then SIGKILLed.
const repoRoot = join(import.meta.dirname, '../../../..');
const bin = join(repoRoot, 'packages/server/bin/svc.js');

/** Spawns `command` with `stdin` as its stdin, prints `child <pid>`, and lives until killed. */
const helperSource = `
const { spawn } = require('node:child_process');
const [command, args, stdin] = JSON.parse(process.argv[1]);
const child = spawn(command, args, { stdio: [stdin, 'inherit', 'inherit'] });
process.stdout.write('child ' + child.pid + '\\n');
setInterval(() => {}, 60_000);
`;

function startHelper(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const helper = spawn(
    process.execPath,
    ['-e', helperSource, JSON.stringify([command, args, tied.stdin])],
    { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  helper.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  helper.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => helper.once('exit', resolve));
  return { helper, exited, output: () => output };
}

async function eventually(check: () => boolean, seconds: number): Promise<boolean> {
  for (const until = Date.now() + seconds * 1000; Date.now() < until; await delay(50))
    if (check()) return true;
  return check();
}

const pidIn = (output: string, pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);

describe('a server started by a test dies with the test process', () => {
  it('`svc serve` spawned as the e2e kit does, when its parent is SIGKILLed', async () => {
    const dataDir = tempDataDir();
    const args = [...serverNodeFlags, bin, 'serve', '--port', '0', '--data-dir', dataDir];
    const { helper, exited, output } = startHelper(process.execPath, [...args, ...tied.args], {
      SVC_LOG_LEVEL: 'warn',
    });
    let server = 0;
    try {
      expect(await eventually(() => /listening on http/.test(output()), 30), output()).toBe(true);
      server = pidIn(output(), /^child (\d+)$/m);
      expect(running(server)).toBe(true);
      helper.kill('SIGKILL');
      await exited;
      expect(await eventually(() => !running(server), 5), output()).toBe(true);
    } finally {
      helper.kill('SIGKILL');
      if (server && running(server)) process.kill(server, 'SIGKILL');
      removeDataDir(dataDir);
    }
  }, 60_000);

  it('`npm start` (npm → sh → node), when the process that ran npm is SIGKILLed', async () => {
    const dataDir = tempDataDir();
    const { helper, exited, output } = startHelper('npm', ['start'], {
      PORT: '0',
      SVC_DATA_DIR: dataDir,
    });
    let npm = 0;
    let server = 0;
    try {
      server = (await eventually(() => /"server started"/.test(output()), 30))
        ? pidIn(output(), /"pid":(\d+)[^\n]*"server started"/)
        : 0;
      expect(server, output()).toBeGreaterThan(0);
      npm = pidIn(output(), /^child (\d+)$/m);
      helper.kill('SIGKILL');
      await exited;
      // npm outlives its parent (nothing tells it); the server's stdin pipe ends all the same.
      expect(await eventually(() => !running(server), 5), output()).toBe(true);
      expect(await eventually(() => !running(npm), 5), output()).toBe(true);
    } finally {
      helper.kill('SIGKILL');
      for (const pid of [server, npm]) if (pid && running(pid)) process.kill(pid, 'SIGKILL');
      removeDataDir(dataDir);
    }
  }, 60_000);
});
