import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FidoClient, RpClient } from '@svc/sdk';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svcAsync } from './cli-kit.js';
import { freePort } from './fido.browser.js';
import { startReceiver } from './receiver.js';
import {
  createCustomerWithCli,
  removeDataDir,
  startServer,
  svc,
  type RunningServer,
} from './server.js';

// CIBA as a relying party's backend uses it: openid-client's backchannel API against a spawned
// `svc serve`, and Bob's phone answering from a terminal (`svc device`).
let server: RunningServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let fido: FidoClient;
let orgId: string;
let config: oidc.Configuration;
let bob: string;
let device: (...args: string[]) => ReturnType<typeof svcAsync>;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = await startServer({ port, env: { SVC_OUTBOX_RETRY_BASE_MS: '100' } });
  // The client's ping endpoint: its first delivery fails (503), the outbox tries again.
  receiver = await startReceiver(1);
  const customer = createCustomerWithCli(server.dataDir, 'oidc ciba e2e');
  fido = new FidoClient({ baseUrl: base, apiKey: customer.fido_api_key });
  const org = await fido.createOrganization({ name: 'Acme', domain_name: 'localhost' });
  orgId = org.id;
  await fido.addRedirectUri('https://rp.example/callback');
  bob = (await fido.createUser({ name: 'Bob', user_identifier: 'bob' })).id;
  const sdk = customer.sdk_credentials ?? { token: '', secret: '' };
  const keys = join(server.dataDir, 'bob-phone.json');
  const env = { SVC_URL: server.url, SVC_SDK_TOKEN: sdk.token, SVC_SDK_SECRET: sdk.secret };
  device = (...args) => svcAsync(['device', ...args, '--keys', keys], env);
  const { identifier } = JSON.parse((await device('register', '--json')).stdout) as {
    identifier: string;
  };
  const backend = new RpClient({ baseUrl: server.url, credentials: customer.server_credentials });
  const binding = await backend.bindDevice(identifier, 'bob');
  await backend.setBindingActive(binding.id, true);
  await backend.setDeviceActive(identifier, true);
  const cli = svc(['oidc', 'client-secret', org.id, '--json', '--data-dir', server.dataDir]);
  const { client_secret } = JSON.parse(cli.stdout) as Record<string, string>;
  await fido.updateOidcClient(org.id, { backchannel_token_delivery_mode: 'poll' });
  config = await oidc.discovery(
    new URL(`${base}/oidc/${org.id}`),
    org.oidc_client_id,
    undefined,
    oidc.ClientSecretBasic(client_secret ?? ''),
    { execute: [oidc.allowInsecureRequests] },
  );
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

type Asked = { id: string; action: string; resource: string; desired_level: number };

/** The request Bob's phone is shown. */
async function asked(): Promise<Asked> {
  const next = await device('next', '--wait', '10', '--json');
  return JSON.parse(next.stdout) as Asked;
}

const fast = { interval: 0.2 } as const;

describe('CIBA: push sign-in from the backchannel', () => {
  it('discovery names the endpoint, the modes and the grant', () => {
    expect(config.serverMetadata()).toMatchObject({
      backchannel_authentication_endpoint: expect.stringMatching(/\/backchannel$/) as string,
      backchannel_token_delivery_modes_supported: ['poll', 'ping'],
      grant_types_supported: expect.arrayContaining(['urn:openid:params:grant-type:ciba']) as [],
    });
  });

  it("poll: the binding message is the phone's action; acr is the level proved", async () => {
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid profile',
      login_hint: 'bob',
      binding_message: 'Pay 120 EUR to Example Shop',
      acr_values: 'ES',
    });
    expect(started.expires_in).toBeLessThanOrEqual(600);
    const request = await asked();
    expect(request).toMatchObject({
      action: 'Pay 120 EUR to Example Shop',
      resource: 'Acme',
      desired_level: 2,
    });
    expect((await device('accept', request.id, '--level', '2')).status).toBe(0);
    const tokens = await oidc.pollBackchannelAuthenticationGrant(config, {
      ...started,
      interval: fast.interval,
    });
    expect(tokens.claims()).toMatchObject({ sub: bob, acr: 'ES', amr: ['swk', 'mca', 'user'] });
    // The grant is in the customer's audit trail (appended within SVC_AUDIT_CHECKPOINT_SECONDS).
    let granted;
    for (let i = 0; i < 40 && !granted; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const page = await fido.audit.events({ action: 'oidc.signed_in' });
      granted = page.audit_events.find((e) => e.details.method === 'ciba');
    }
    expect(granted).toMatchObject({
      actor: { kind: 'user', user: bob },
      targets: { organization: orgId, fido_user: bob },
      details: { method: 'ciba', acr: 'ES' },
    });
  }, 60_000);

  it("EX with the driver's license; id_token_hint names the user as well", async () => {
    const license = join(server.dataDir, 'license.json');
    writeFileSync(license, JSON.stringify({ customer_id: 'DL000001', first_name: 'BOB' }));
    expect((await device('scan-license', license)).status).toBe(0);
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: 'bob',
      acr_values: 'EX',
    });
    const request = await asked();
    expect(request.desired_level).toBe(3);
    expect((await device('accept', request.id)).status).toBe(0);
    const tokens = await oidc.pollBackchannelAuthenticationGrant(config, {
      ...started,
      interval: fast.interval,
    });
    expect(tokens.claims()).toMatchObject({ sub: bob, acr: 'EX' });

    const hinted = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      id_token_hint: tokens.id_token ?? '',
      acr_values: 'EN',
    });
    await device('accept', (await asked()).id, '--level', '1');
    const again = await oidc.pollBackchannelAuthenticationGrant(config, {
      ...hinted,
      interval: fast.interval,
    });
    expect(again.claims()).toMatchObject({ sub: bob, acr: 'EN', amr: ['swk', 'mca'] });
  }, 60_000);

  it('a rejection is access_denied; requested_expiry is honoured, an expiry is expired_token', async () => {
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: 'bob',
    });
    await device('reject', (await asked()).id);
    await expect(
      oidc.pollBackchannelAuthenticationGrant(config, { ...started, interval: fast.interval }),
    ).rejects.toMatchObject({ error: 'access_denied' });

    const short = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: 'bob',
      requested_expiry: '2',
    });
    expect(short.expires_in).toBe(2);
    await asked();
    await expect(
      oidc.pollBackchannelAuthenticationGrant(config, { ...short, interval: fast.interval }),
    ).rejects.toMatchObject({ error: 'expired_token' });
  }, 60_000);

  it('an unknown user is unknown_user_id; a lower level than asked is refused, not downgraded', async () => {
    await expect(
      oidc.initiateBackchannelAuthentication(config, { scope: 'openid', login_hint: 'nobody' }),
    ).rejects.toMatchObject({ error: 'unknown_user_id' });
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: 'bob',
      acr_values: 'ES',
    });
    await device('accept', (await asked()).id, '--level', '1');
    await expect(
      oidc.pollBackchannelAuthenticationGrant(config, { ...started, interval: fast.interval }),
    ).rejects.toMatchObject({ error: 'unmet_authentication_requirements' });
  }, 60_000);

  it('ping: the client is notified through the outbox (retried), then takes its tokens', async () => {
    await fido.updateOidcClient(orgId, {
      backchannel_token_delivery_mode: 'ping',
      backchannel_client_notification_endpoint: `${receiver.url}/ciba`,
    });
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: 'bob',
      client_notification_token: 'notify-me-123',
    });
    await device('accept', (await asked()).id, '--level', '2');
    const ping = await receiver.next();
    expect(ping.headers.authorization).toBe('Bearer notify-me-123');
    expect(ping.body).toEqual({ auth_req_id: started.auth_req_id });
    expect(receiver.attempts()).toBe(2);
    const tokens = await oidc.pollBackchannelAuthenticationGrant(config, started);
    expect(tokens.claims()).toMatchObject({ sub: bob, acr: 'ES' });
  }, 60_000);
});
