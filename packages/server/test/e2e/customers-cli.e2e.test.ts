import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FidoClient, RpClient, SandboxClient, SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import type { IssuedCustomer } from '../../src/areas/customers/issue-credentials.js';
import { expectOneLineRefusal, svcAsync } from './cli-kit.js';
import { e2eOnPostgres, useServer } from './server.js';

// The operator's commands against the data directory of a running `svc serve`: what they change
// reaches the server at once.
const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });

const customers = (...args: string[]) =>
  svcAsync(['customers', ...args, '--data-dir', server().dataDir]);

async function create(name: string): Promise<IssuedCustomer> {
  const created = await customers('create', '--name', name, '--json');
  expect(created).toMatchObject({ status: 0, stderr: '' });
  return JSON.parse(created.stdout) as IssuedCustomer;
}

/** The HTTP status each kind of credential gets from the running server. */
async function statuses(c: Partial<IssuedCustomer>) {
  const baseUrl = server().url;
  const status = (call: Promise<unknown>) =>
    call.then(
      () => 200,
      (e: unknown) => (e instanceof SvcApiError ? e.status : -1),
    );
  const { server_credentials: srv, sandbox_token: sandbox, fido_api_key: fido } = c;
  return {
    // 404: authenticated, and no such identifier.
    server: srv && (await status(new RpClient({ baseUrl, credentials: srv }).getDevice('none'))),
    sandbox:
      sandbox &&
      (await status(
        new SandboxClient({ baseUrl, token: sandbox }).verify({ identification_id: 'DL000001' }),
      )),
    fido: fido && (await status(new FidoClient({ baseUrl, apiKey: fido }).getOrganization('x'))),
  };
}

describe('svc customers', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { version: string };
    expect(await svcAsync(['--version'])).toMatchObject({ status: 0, stdout: `${pkg.version}\n` });
  });

  it('create --json prints exactly the contract; --env prints export lines', async () => {
    const acme = await create('Acme');
    expect(Object.keys(acme)).toEqual([
      'id',
      'name',
      'server_credentials',
      'sdk_credentials',
      'user_credentials',
      'sandbox_token',
      'fido_api_key',
    ]);
    const env = await customers('create', '--name', "O'Brien & Co", '--env');
    expect(env.stdout).toMatch(
      /^export SVC_CUSTOMER_ID='[\w-]+'\nexport SVC_SERVER_TOKEN='[\w.-]+'\nexport SVC_SERVER_SECRET='[\w-]+'\nexport SVC_SDK_TOKEN=/,
    );
    for (const name of ['SVC_SANDBOX_TOKEN', 'SVC_FIDO_API_KEY', 'SVC_USER_SECRET'])
      expect(env.stdout).toContain(`export ${name}='`);
  });

  it('list shows customers without secrets', async () => {
    const acme = await create('Listed');
    const listed = await customers('list', '--json');
    const row = (JSON.parse(listed.stdout) as { id: string }[]).find((c) => c.id === acme.id);
    expect(row).toMatchObject({ name: 'Listed', status: 'active' });
    expect(listed.stdout).not.toContain(acme.server_credentials.secret);
    expect((await customers('list')).stdout).toMatch(new RegExp(`${acme.id}  active .* Listed`));
  });

  it('create --number-matching and set: the setting, as list shows it', async () => {
    const created = await customers('create', '--name', 'Matching', '--number-matching', '--json');
    const { id } = JSON.parse(created.stdout) as IssuedCustomer;
    const setting = async () =>
      (JSON.parse((await customers('list', '--json')).stdout) as Record<string, unknown>[]).find(
        (c) => c.id === id,
      )?.number_matching;
    expect(await setting()).toBe(true);
    expect((await customers('list')).stdout).toMatch(
      new RegExp(`${id} .* Matching  \\(number matching\\)`),
    );
    expect(await customers('set', id, '--number-matching', 'off')).toMatchObject({
      status: 0,
      stdout: `number matching off for customer ${id}\n`,
    });
    expect(await setting()).toBe(false);
    expectOneLineRefusal(
      await customers('set', 'no-such-id', '--number-matching', 'on'),
      'no customer has the id',
    );
  });

  it('rotate: the running server refuses the old credentials at once and takes the new ones', async () => {
    const acme = await create('Rotated');
    expect(await statuses(acme)).toEqual({ server: 404, sandbox: 200, fido: 404 });
    const rotated = await customers('rotate', acme.id, '--json');
    expect(rotated.status).toBe(0);
    const fresh = JSON.parse(rotated.stdout) as IssuedCustomer;
    expect(Object.keys(fresh)).toEqual(Object.keys(acme));
    expect(await statuses(acme)).toEqual({ server: 403, sandbox: 401, fido: 403 });
    expect(await statuses(fresh)).toEqual({ server: 404, sandbox: 200, fido: 404 });
    // Only some kinds: only those change (and only those are printed).
    const sdkOnly = await customers('rotate', acme.id, '--kind', 'sdk', '--env');
    expect(sdkOnly.stdout.split('\n').map((l) => l.split('=')[0])).toEqual([
      'export SVC_CUSTOMER_ID',
      'export SVC_SDK_TOKEN',
      'export SVC_SDK_SECRET',
      '',
    ]);
    expect(await statuses(fresh)).toEqual({ server: 404, sandbox: 200, fido: 404 });
  });

  it('revoke: every credential is refused by the running server; the customer is listed revoked', async () => {
    const acme = await create('Revoked');
    expect(await statuses(acme)).toEqual({ server: 404, sandbox: 200, fido: 404 });
    expect(await customers('revoke', acme.id)).toMatchObject({
      status: 0,
      stdout: `revoked 5 credential(s) of customer ${acme.id}\n`,
    });
    expect(await statuses(acme)).toEqual({ server: 403, sandbox: 401, fido: 403 });
    const listed = JSON.parse((await customers('list', '--json')).stdout) as { id: string }[];
    expect(listed.find((c) => c.id === acme.id)).toMatchObject({ status: 'revoked' });
  });

  // Refused before the store is opened, or by a lookup the other tests make on both stores.
  it.skipIf(e2eOnPostgres)(
    'user mistakes are one line and exit 1, never a stack trace',
    async () => {
      expectOneLineRefusal(
        await customers('rotate', 'no-such-customer'),
        'svc: no customer has the id "no-such-customer"',
      );
      expectOneLineRefusal(await customers('revoke', 'no-such-customer'), 'no customer has the id');
      expectOneLineRefusal(await customers('create'), "required option '--name <name>'");
      expectOneLineRefusal(await customers('create', '--name', 'x', '--json', '--env'), '--env');
      expectOneLineRefusal(await customers('rotate', 'x', '--kind', 'root'), 'kinds are server');
      expectOneLineRefusal(
        await svcAsync(['customers', 'frobnicate']),
        "unknown command 'frobnicate'",
      );
      expectOneLineRefusal(await svcAsync(['serve', '--port', 'http']), 'must be a port number');
      // An empty value (an unset variable) never means the default: ./data would get the customer.
      const empty = ['customers', 'create', '--name', 'x', '--json', '--data-dir', ''];
      expectOneLineRefusal(await svcAsync(empty), 'must not be empty');
      expectOneLineRefusal(await svcAsync(['serve', '--host', '']), 'must not be empty');
      for (const name of [
        '',
        '   ',
        'two\nlines',
        '\u001b[31mred',
        '\u009b31m',
        'a\u2028b',
        'x'.repeat(101),
      ]) {
        const refused = await customers('create', '--name', name);
        expectOneLineRefusal(refused, '1–100 characters');
        expect(refused.stderr).not.toMatch(/[\u001b\u009b\u2028]/); // shown escaped, not raw
      }
    },
  );
});
