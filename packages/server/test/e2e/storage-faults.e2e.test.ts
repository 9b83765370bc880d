import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerWithCli, startServer, type RunningServer } from './server.js';

// A real full disk: the data directory on a small tmpfs (mounting needs root, as on CI). Where
// the machine refuses the mount, faults.test.ts covers the same path at the driver boundary.
const root = mkdtempSync(join(tmpdir(), 'svc-full-disk-'));
function mountTmpfs(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', root], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const mounted = mountTmpfs();
const filler = join(root, 'filler');

/** Writes zeros into `filler` until the disk is full. */
function fillDisk(): void {
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full.
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!mounted)('a full disk (SQLite on a 6 MiB tmpfs)', () => {
  let server: RunningServer;
  let apiKey: string;
  beforeAll(async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    // Limits off: only the disk refuses.
    const env = { SVC_RATE_LIMIT_PER_ADDRESS: '0', SVC_RATE_LIMIT_PER_CREDENTIAL: '0' };
    server = await startServer({ dataDir, env });
    apiKey = createCustomerWithCli(dataDir, 'Acme').fido_api_key;
    const org = await call('POST', '/api/v1/organizations', {
      name: 'Acme',
      domain_name: 'localhost',
    });
    expect(org.status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
    if (mounted) execFileSync('umount', [root]);
    rmSync(root, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `SVC ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const createUser = (id: string) =>
    call('POST', '/api/v1/users', { name: 'User', user_identifier: id });
  const ready = async () => (await fetch(`${server.url}/readyz`)).status;

  it("answers svc's 503 with Retry-After while writes fail, keeps what it acknowledged, and recovers", async () => {
    const acknowledged: string[] = [];
    expect(await ready()).toBe(200);
    fillDisk();
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    // Within the 1,000 users one search answers.
    for (let i = 0; i < 900 && !refused; i++) {
      const answer = await createUser(`before-${i}`);
      if (answer.status === 201) acknowledged.push(`before-${i}`);
      else refused = answer;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ error: 'STORAGE_UNAVAILABLE' });
    // A write may still fit in the WAL's free frames after a checkpoint, and readiness is whether a
    // probe write succeeds now: while the disk stays full, it is soon refused.
    let readiness = await ready();
    for (let i = 0; i < 50 && readiness !== 503; i++) {
      const answer = await createUser(`probe-${i}`);
      if (answer.status === 201) acknowledged.push(`probe-${i}`);
      readiness = await ready();
    }
    expect(readiness).toBe(503);

    rmSync(filler);
    expect(await ready()).toBe(200);
    expect((await createUser('after')).status).toBe(201);
    acknowledged.push('after');

    const search = await call('POST', '/api/v1/users/search', {});
    const found = (JSON.parse(search.body) as { users: { user_identifier: string }[] }).users.map(
      (user) => user.user_identifier,
    );
    expect(found).toEqual(expect.arrayContaining(acknowledged));
  });
});
