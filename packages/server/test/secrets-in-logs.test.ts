import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DeviceClient, exportDeviceKeys, generateDeviceKeys, RpClient } from '@svc/sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { withServices } from '../src/context.js';
import { ManualClock } from '../src/core/clock.js';
import { SecretBox } from '../src/core/crypto/secret-box.js';
import { createCustomer } from '../src/areas/customers/create-customer.js';
import { randomIds } from '../src/core/ids.js';
import { injectFetch, openTestStore } from './helpers.js';
import { parseLink } from './fido.kit.js';

/**
 * A full run with every log line kept (level trace): no token, HMAC secret, master key, link
 * secret or device private key may appear in the log output.
 */
let log = '';
let secrets: Record<string, string> = {};
let close: () => Promise<void>;

beforeAll(async () => {
  const masterKey = randomBytes(32);
  const config = loadConfig({}, { dataDir: '/nonexistent-test-dir', allowInsecureCallbacks: true });
  const store = await openTestStore();
  const clock = new ManualClock(new Date());
  const ctx = withServices({ config, store, clock, ids: randomIds, box: new SecretBox(masterKey) });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const app = await buildApp({ ...ctx, logger: pino({ level: 'trace' }, sink) });
  close = async () => {
    await app.close();
    await store.close();
  };
  const customer = await createCustomer({ ...ctx, db: store.db }, { name: 'acme' });
  const fetch = injectFetch(app);
  const now = () => clock.now();
  const device = new DeviceClient(
    { baseUrl: 'http://svc', credentials: customer.sdk_credentials, fetch, now },
    await generateDeviceKeys({ extractable: true }),
  );
  const registered = await device.register();
  const rp = new RpClient({
    baseUrl: 'http://svc',
    credentials: customer.server_credentials,
    fetch,
    now,
  });
  await rp.createUserIdentifier(registered.svc_id, 'alice');
  await rp
    .request('POST', '/api/v2/svcfications', {
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'alice',
    })
    .catch(() => undefined);
  await app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: { authorization: `Bearer ${customer.sandbox_token}` },
    payload: { aamva: { identification_id: 'DL000001' } },
  });
  const fido = async (url: string, payload: Record<string, unknown>) =>
    (
      await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `SVC ${customer.fido_api_key}` },
        payload,
      })
    ).json<{ user_link: string }>();
  await fido('/api/v1/organizations', {
    name: 'Acme',
    domain_name: 'login.acme.test',
    verify_attestation_statement: false,
  });
  const link = await fido('/api/v1/registrations', { user: { user_identifier: 'carol' } });
  const { path, secret } = parseLink(link.user_link);
  await app.inject({ method: 'GET', url: path });
  await app.inject({ method: 'POST', url: `${path}/options`, payload: { secret } });
  await app.inject({ method: 'POST', url: `${path}/options`, payload: { secret: `${secret}x` } });
  // Refused credentials are logged too: a bad signature and a wrong bearer token.
  await app.inject({
    method: 'GET',
    url: '/api/v2/devices/x',
    headers: { authorization: `SVC ${customer.server_credentials.token}:bad`, 'x-date': 'x' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: { authorization: `Bearer ${customer.sandbox_token}x` },
  });
  secrets = {
    masterKeyHex: masterKey.toString('hex'),
    masterKeyBase64: masterKey.toString('base64'),
    sandboxToken: customer.sandbox_token,
    fidoApiKey: customer.fido_api_key,
    linkSecret: secret,
    devicePrivate: String((await exportDeviceKeys(await device.keys())).device.d),
    ...Object.fromEntries(
      (['server', 'sdk', 'user'] as const).flatMap((kind) => [
        [`${kind}Token`, customer[`${kind}_credentials`].token],
        [`${kind}Secret`, customer[`${kind}_credentials`].secret],
      ]),
    ),
  };
});
afterAll(async () => close());

describe('the log of a full run', () => {
  it('has lines for every request', () => {
    expect(log.split('\n').length).toBeGreaterThan(20);
  });

  it('holds no secret', () => {
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(log.includes(value), name).toBe(false);
    }
  });
});
