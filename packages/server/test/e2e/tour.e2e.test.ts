import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startServer, storeEnv, type RunningServer } from './server.js';

const root = join(import.meta.dirname, '../../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The tour's shell blocks, in order, except the one that starts the server (the test does). */
function tourCommands(): string {
  const tour = readme.slice(
    readme.indexOf('## Tour'),
    readme.indexOf('\n## ', readme.indexOf('## Tour') + 1),
  );
  const blocks = [...tour.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks.filter((block) => !block.includes('npm start')).join('\n');
}

/** A port that is free now, so the server's public URL (and its FIDO links) name it. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the README tour, pasted as written', () => {
  let server: RunningServer;
  let cwd: string;
  beforeAll(async () => {
    const port = await freePort();
    server = await startServer({ port, env: { PORT: String(port), SVC_LOG_LEVEL: 'warn' } });
    cwd = mkdtempSync(join(tmpdir(), 'svc-tour-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('ends with an accepted svcfication, a sandbox answer and passkey links on this server', () => {
    const port = new URL(server.url).port;
    const script = tourCommands()
      .replaceAll('npx svc', `node ${join(root, 'packages/server/bin/svc.js')}`)
      .replaceAll('examples/rp.mjs', join(root, 'examples/rp.mjs'))
      .replaceAll(':8080', `:${port}`);
    const output = execFileSync('bash', ['-c', `set -euo pipefail\n${script}`], {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...storeEnv(server.dataDir),
        SVC_DATA_DIR: server.dataDir,
        SVC_URL: server.url,
      },
    });
    const device = /^([0-9a-f-]{36})$/m.exec(output)?.[1];
    expect(device).toBeDefined();
    expect(output).toContain(`ACCEPTED at level 2 by ${device ?? ''}\n`);
    expect(output).toContain('"person_first_name_exact_match_indicator":"FALSE"');
    expect(output).toContain(`"user_link":"http://localhost:${port}/fido/registrations/`);
    expect(output).toContain(`"user_link":"http://localhost:${port}/fido/authentications/`);
  });
});
