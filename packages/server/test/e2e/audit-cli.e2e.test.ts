import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceClient, RpClient } from '@svc/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { svcAsync } from './cli-kit.js';
import { createCustomerWithCli, storeEnv, useServer } from './server.js';

// `svc audit export` and `svc audit verify` against a running server's log: every way of
// tampering with the export, or with the rows in the store, is named by its first bad index.
const server = useServer({ env: { SVC_AUDIT_CHECKPOINT_SECONDS: '1', SVC_LOG_LEVEL: 'warn' } });
const audit = (...args: string[]) => svcAsync(['audit', ...args, '--data-dir', server().dataDir]);

let customerId: string;
let key: string;
let exported: string[];
let checkpointFile: string;

async function exportLog(): Promise<string[]> {
  const result = await audit('export', '--customer', customerId, '--checkpoint', checkpointFile);
  expect(result).toMatchObject({ status: 0, stderr: '' });
  return result.stdout.trim().split('\n');
}

async function verify(lines: string[]) {
  const file = join(server().dataDir, `export-${Math.random()}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return svcAsync(['audit', 'verify', file, '--checkpoint', checkpointFile, '--key', key]);
}

beforeAll(async () => {
  const customer = createCustomerWithCli(server().dataDir, 'audited');
  customerId = customer.id;
  checkpointFile = join(server().dataDir, 'checkpoint.txt');
  const baseUrl = server().url;
  const rp = new RpClient({ baseUrl, credentials: customer.server_credentials });
  for (const name of ['a', 'b', 'c']) {
    const device = await new DeviceClient({
      baseUrl,
      credentials: customer.sdk_credentials,
    }).register();
    await rp.bindDevice(device.identifier, name);
  }
  // customer.created, then a device and a binding each: 7 events, signed within a second or two.
  const { verifier_key } = await rp.audit.checkpoint();
  key = verifier_key;
  for (let i = 0; i < 50 && (await rp.audit.checkpoint()).tree_size < 7; i++)
    await new Promise((resolve) => setTimeout(resolve, 200));
  exported = await exportLog();
  expect((await audit('key')).stdout.trim()).toBe(key);
});

describe('svc audit', () => {
  it('an untouched export verifies against the checkpoint', async () => {
    expect(exported).toHaveLength(7);
    expect(JSON.parse(exported[0]!)).toMatchObject({
      action: 'customer.created',
      actor: { kind: 'operator' },
    });
    expect(await verify(exported)).toMatchObject({
      status: 0,
      stdout: 'ok: events 0–6 of a log of 7, as signed\n',
    });
  });

  it('a changed, removed, reordered or cut row is named by its index', async () => {
    const changed = exported.map((line, i) =>
      i === 3 ? line.replace('"success"', '"failure"') : line,
    );
    const cases: [string, string[], RegExp][] = [
      ['changed', changed, /^bad: index 3: not the event the checkpoint signed\n$/],
      ['removed', exported.filter((_, i) => i !== 3), /^bad: index 3: missing\n$/],
      [
        'reordered',
        [...exported.slice(0, 3), exported[4]!, exported[3]!, ...exported.slice(5)],
        /^bad: index 3: missing\n$/,
      ],
      ['cut', exported.slice(0, 5), /^bad: index 5: the newest events were cut\n$/],
    ];
    for (const [what, lines, expected] of cases) {
      const result = await verify(lines);
      expect(result.status, what).toBe(1);
      expect(result.stderr, what).toMatch(expected);
    }
  });

  it('a row rewritten in the store, renumbered or not, fails its proof at its index', async () => {
    const env = storeEnv(server().dataDir);
    const store = await openStore({
      sqlitePath: join(server().dataDir, 'svc.db'),
      databaseUrl: env.DATABASE_URL,
      migrate: false,
    });
    try {
      const rows = exported.map((line) => JSON.parse(line) as { id: string });
      await store.db
        .updateTable('audit_events')
        .set({ targets: JSON.stringify({ user: 'mallory' }) })
        .where('id', '=', rows[4]!.id)
        .execute();
      const afterChange = await exportLog();
      expect((await verify(afterChange)).stderr).toMatch(/^bad: index 4: not the event/);
      // The newest row deleted and the one before moved into its place: still caught.
      await store.db.deleteFrom('audit_events').where('id', '=', rows[5]!.id).execute();
      await store.db
        .updateTable('audit_events')
        .set({ leaf_index: 5 })
        .where('id', '=', rows[6]!.id)
        .execute();
      const renumbered = await exportLog();
      expect((await verify(renumbered)).stderr).toMatch(/^bad: index 4: /);
      expect((await verify(renumbered.filter((_, i) => i !== 4))).stderr).toMatch(
        /^bad: index 4: missing/,
      );
    } finally {
      await store.close();
    }
  });

  it('exports OCSF: Authentication and API Activity classes', async () => {
    const result = await audit('export', '--customer', customerId, '--format', 'ocsf');
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[1]).toMatchObject({
      class_uid: 6003,
      type_uid: 600301,
      status_id: 1,
      api: { operation: 'device.registered' },
      metadata: { uid: JSON.parse(exported[1]!).id, sequence: 1 },
    });
    expect(readFileSync(checkpointFile, 'utf8')).toMatch(/\n\n\u2014 /);
  });
});
