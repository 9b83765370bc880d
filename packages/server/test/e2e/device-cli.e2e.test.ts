import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getPairedSvccode, licenseHash, RateLimitError, RpClient, SvccodeClient } from '@svc/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineRefusal, shell, svcAsync } from './cli-kit.js';
import { storeEnv, useServer } from './server.js';

// Area B from two terminals: the operator's and relying party's (customers, RpClient over HTTP)
// and the phone's (`svc device`), against a spawned `svc serve`.
const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });

type Svc = {
  id: string;
  status: string;
  desired_level: number;
  result: Record<string, unknown>;
  match_number?: number | null;
};

let keys: string;
let rp: RpClient;
let customerId: string;
let identifier: string;
const device = (...args: string[]) => svcAsync(['device', ...args, '--keys', keys]);
const createSvcfication = async (desiredLevel: number) =>
  (
    await rp.request<Svc>('POST', '/api/v2/svcfications', {
      action: 'login',
      resource: 'web',
      desired_level: desiredLevel,
      user_identifier: 'alice',
    })
  ).body;
const read = async (id: string) =>
  (await rp.request<Svc>('GET', `/api/v2/svcfications/${id}`)).body;
const json = <T>(text: string) => JSON.parse(text) as T;

beforeAll(async () => {
  const { url, dataDir } = server();
  keys = join(dataDir, 'phone.json');
  // Terminal 2: credentials exported to the shell, then the phone registers with them.
  const registered = await shell(
    `eval "$($SVC customers create --name Acme --env --data-dir '${dataDir}')" &&
     $SVC device register --keys '${keys}' --json &&
     printf '%s %s %s\\n' "$SVC_SERVER_TOKEN" "$SVC_SERVER_SECRET" "$SVC_CUSTOMER_ID"`,
    { ...storeEnv(dataDir), SVC_URL: url },
  );
  expect(registered.stderr).toBe('');
  const [registration = '', credentials = ''] = registered.stdout.trim().split('\n');
  identifier = json<{ identifier: string }>(registration).identifier;
  const [token = '', secret = '', id = ''] = credentials.split(' ');
  customerId = id;
  // The relying party binds the device to its user and activates it.
  rp = new RpClient({ baseUrl: url, credentials: { token, secret } });
  const binding = await rp.bindDevice(identifier, 'alice');
  await rp.setBindingActive(binding.id, true);
  await rp.setDeviceActive(identifier, true);
});

describe('svc device against a running server', () => {
  it('register again with the same keys file: the same identifier, printed alone', async () => {
    const again = await device('register');
    expect(again).toMatchObject({ status: 0, stdout: `${identifier}\n` });
    expect(again.stderr).toContain('registered already');
  });

  it('next → accept at level 2 → the RP reads ACCEPTED', async () => {
    const created = await createSvcfication(2);
    const next = await device('next', '--wait', '5', '--json');
    expect(next.status).toBe(0);
    expect(json<Svc>(next.stdout)).toMatchObject({ id: created.id, status: 'IN_PROGRESS' });
    const accepted = await device('accept', created.id, '--level', '2');
    expect(accepted).toMatchObject({ status: 0, stderr: '' });
    expect(accepted.stdout).toMatch(new RegExp(`^${created.id}  ACCEPTED at level 2  `));
    expect(await read(created.id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2, device_identifier: identifier, bound_user_identifier: 'alice' },
    });
    expect(await device('next', '--json')).toMatchObject({ status: 0, stdout: 'null\n' });
  });

  it('next --wait answers as soon as the RP creates one', async () => {
    const waiting = device('next', '--wait', '15', '--json');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const created = await createSvcfication(1);
    const next = await waiting;
    expect(json<Svc>(next.stdout).id).toBe(created.id);
    await device('reject', created.id);
  });

  it('reject → REJECTED; rejecting again is one line naming the refusal', async () => {
    const created = await createSvcfication(1);
    const rejected = await device('reject', created.id, '--json');
    expect(json<Svc>(rejected.stdout)).toMatchObject({ id: created.id, status: 'REJECTED' });
    expect((await read(created.id)).status).toBe('REJECTED');
    expectOneLineRefusal(
      await device('reject', created.id),
      `svc: reject ${created.id}: svc refused with 422 SVCFICATION_CLOSED`,
    );
  });

  it('scan-license registers the hash; level 3 then proves it (default: the desired level)', async () => {
    const license = join(server().dataDir, 'license.json');
    const fields = { customer_id: 'DL000001', first_name: 'STEVEN', last_name: 'BROWN' };
    writeFileSync(license, JSON.stringify(fields));
    const early = await createSvcfication(1);
    expectOneLineRefusal(
      await device('accept', early.id, '--level', '3'),
      'level 3 needs a registered identity document',
    );
    await device('reject', early.id);
    const scanned = await device('scan-license', license, '--json');
    expect(json<{ hash: string }>(scanned.stdout).hash).toBe(await licenseHash(fields));
    expect((await rp.listDocuments('alice')).map((d) => d.hash)).toEqual([
      await licenseHash(fields),
    ]);
    const created = await createSvcfication(3);
    const accepted = await device('accept', created.id, '--json');
    expect(json<Svc>(accepted.stdout)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 3 },
    });
    writeFileSync(license, JSON.stringify({ firstname: 'STEVEN' }));
    expectOneLineRefusal(await device('scan-license', license), 'firstname is not a license field');
  });

  it('pair: the RP learns the device; a payload pairs once', async () => {
    const code = await new SvccodeClient({ baseUrl: server().url }).create(customerId);
    const paired = await device('pair', code.payload);
    expect(paired).toMatchObject({ status: 0, stdout: `paired ${identifier}\n` });
    expect(await getPairedSvccode(rp, code.id)).toEqual({ id: code.id, identifier });
    expectOneLineRefusal(
      await device('pair', code.payload),
      'svc refused with 422 SVCCODE_INVALID',
    );
  });

  it('refusals and mistakes are one line each', async () => {
    expectOneLineRefusal(await device('accept', 'no-such-id'), '404 SVCFICATION_NOT_FOUND');
    expectOneLineRefusal(
      await device('accept', 'no-such-id', '--level', '1'),
      '422 RESPONSE_INVALID: svcfication_id names no svcfication addressed to this device',
    );
    expectOneLineRefusal(await device('accept', 'x', '--level', '4'), 'must be 1, 2 or 3');
    expectOneLineRefusal(
      await svcAsync(['device', 'next', '--keys', join(server().dataDir, 'none.json')]),
      'run `svc device register` first',
    );
    expectOneLineRefusal(
      await device('next', '--url', 'http://127.0.0.1:1'),
      'cannot reach svc at http://127.0.0.1:1',
    );
    expectOneLineRefusal(
      await device('next', '--token', 'forged', '--secret', 'forged'),
      'svc refused with 403 FORBIDDEN',
    );
    // The tour run again with a new customer: the old keys file is named, with what to do.
    const { dataDir } = server();
    const other = await svcAsync(
      ['customers', 'create', '--name', 'Globex', '--json', '--data-dir', dataDir],
      storeEnv(dataDir),
    );
    const { sdk_credentials: sdk } = json<{ sdk_credentials: { token: string; secret: string } }>(
      other.stdout,
    );
    expectOneLineRefusal(
      await device('next', '--token', sdk.token, '--secret', sdk.secret),
      `${keys} holds device ${identifier} of customer ${customerId}`,
    );
  });

  it('number matching: `customers set` turns it on; next shows the choices; accept --number', async () => {
    const dataDir = server().dataDir;
    const set = (value: string) =>
      svcAsync(['customers', 'set', customerId, '--number-matching', value, '--data-dir', dataDir]);
    expect(await set('on')).toMatchObject({ status: 0, stderr: '' });
    try {
      const wrong = await createSvcfication(2);
      const number = wrong.match_number ?? 0;
      expect(number).toBeGreaterThanOrEqual(10);
      const shown = await device('next');
      expect(shown.stdout).toMatch(/ {2}pick \d\d \/ \d\d \/ \d\d\n$/);
      expect(shown.stdout).toContain(String(number));
      const other = number === 99 ? '98' : String(number + 1);
      const refused = await device('accept', wrong.id, '--number', other);
      expect(refused.stdout).toMatch(new RegExp(`^${wrong.id}  REJECTED \\(match_number_wrong\\)`));
      const right = await createSvcfication(2);
      const accepted = await device('accept', right.id, '--number', String(right.match_number));
      expect(accepted.stdout).toMatch(new RegExp(`^${right.id}  ACCEPTED at level 2`));
      expectOneLineRefusal(await device('accept', right.id, '--number', '7'), 'two-digit');
    } finally {
      expect((await set('off')).status).toBe(0);
    }
    expectOneLineRefusal(await set('maybe'), 'must be on or off');
  });

  // Last: the fraud report blocks new svcfications to alice.
  it('reject --reason fraud: REJECTED (fraud), and new svcfications to the user are refused', async () => {
    const created = await createSvcfication(1);
    const rejected = await device('reject', created.id, '--reason', 'fraud');
    expect(rejected.stdout).toMatch(new RegExp(`^${created.id}  REJECTED \\(fraud\\)`));
    const blocked = await createSvcfication(1).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(RateLimitError);
    expect((blocked as RateLimitError).retryAfter).toBeGreaterThan(3500);
  });
});
