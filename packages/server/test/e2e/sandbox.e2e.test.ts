import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxClient, SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { createCustomerWithCli, removeDataDir, startServer, svc, useServer } from './server.js';

const server = useServer();

describe('sandbox over HTTP against a spawned `svc serve`', () => {
  it('prints the demo customer once and serves health', async () => {
    expect(server().output()).toContain('"sandbox_token"');
    expect((await fetch(`${server().url}/healthz`)).status).toBe(200);
  });

  it('a customer created by the CLI while the server runs can verify at once', async () => {
    const customer = createCustomerWithCli(server().dataDir, 'e2e corp');
    expect(Object.keys(customer).sort()).toEqual([
      'fido_api_key',
      'id',
      'name',
      'sandbox_token',
      'sdk_credentials',
      'server_credentials',
      'user_credentials',
    ]);
    expect(
      JSON.parse(Buffer.from(customer.sandbox_token.split('.')[1] ?? '', 'base64url').toString())
        .sub,
    ).toBe(customer.id);
    const client = new SandboxClient({ baseUrl: server().url, token: customer.sandbox_token });
    const result = await client.verify({ identification_id: 'DL000021' });
    expect(result.drivers_license_number_match_indicator).toBe('FALSE');
    expect(result.person_birth_date_match_indicator).toBe('TRUE');
  });

  it('records imported with the CLI are matched by the engine', async () => {
    const file = join(server().dataDir, 'records.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          identification_id: 'S-1234',
          person_given_name: 'STEVEN',
          person_sur_name: 'BROWN',
          person_birth_date: '19800115',
        },
      ]),
    );
    const imported = svc(['sandbox', 'records', 'import', file, '--data-dir', server().dataDir]);
    expect(imported.stdout).toContain('imported 1 record');
    const customer = createCustomerWithCli(server().dataDir, 'engine corp');
    const result = await new SandboxClient({
      baseUrl: server().url,
      token: customer.sandbox_token,
    }).verify({
      identification_id: 's1234',
      person_given_name: 'Stephen',
      person_sur_name: 'Brown',
    });
    expect(result).toMatchObject({
      drivers_license_number_match_indicator: 'TRUE',
      person_first_name_exact_match_indicator: 'FALSE',
      person_first_name_fuzzy_primary_match_indicator: 'TRUE',
      person_last_name_exact_match_indicator: 'TRUE',
      person_birth_date_match_indicator: 'NULL',
      address_city_match_indicator: 'NULL',
    });
    const dated = await new SandboxClient({
      baseUrl: server().url,
      token: customer.sandbox_token,
    }).verify({ identification_id: 'S1234', person_birth_date: '19800116' });
    expect(dated.person_birth_date_match_indicator).toBe('FALSE');
  });

  it('a bad token is a 401 the SDK reports with its body', async () => {
    const error = await new SandboxClient({ baseUrl: server().url, token: 'nope' })
      .verify({ identification_id: 'DL000001' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcApiError);
    expect((error as SvcApiError).status).toBe(401);
  });

  it('a bad records file is refused with a message naming the problem', () => {
    const file = join(server().dataDir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([{ identification_id: 'B-1', person_birth_date: '19800230' }]),
    );
    const result = svc(['sandbox', 'records', 'import', file, '--data-dir', server().dataDir]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/person_birth_date/);
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startServer();
    expect(await other.stop('SIGTERM')).toBe(0);
    removeDataDir(other.dataDir);
  });
});
