import { integratePending } from '../src/core/audit/integrate.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  DeviceClient,
  RpClient,
  deviceSigHeader,
  generateDeviceKeys,
  payloads,
  publicJwk,
  type DeviceKeys,
} from '@svc/sdk';
import { presenceCredentialChallenge, PushChannel, svcAuthorization } from '@svc/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../bench/src/soft-authenticator.js';
import { fidoCalls } from './fido.kit.js';
import { injectFetch, testApp, type TestApp } from './helpers.js';
import { basic, behindTls, oidcCalls, redirectUri } from './oidc/oidc.kit.js';
import { documentValidator, servedDocuments, type Json } from './openapi.kit.js';

/**
 * Real answers of every documented operation (a success of each, and the errors that credentials,
 * bodies and unknown ids bring) match the response schemas of the served documents.
 */
let t: TestApp;
let v: ReturnType<typeof documentValidator>;
const answered = new Map<string, Set<number>>();
let failures: string[] = [];

beforeAll(async () => {
  t = await testApp();
  v = documentValidator(await servedDocuments(t));
  // Every answer the app gives in this file is checked, whoever asked (the FIDO kit included).
  const inject = t.app.inject.bind(t.app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  Object.assign(t.app, {
    inject: async (options: InjectOptions) => {
      const res = await inject(options);
      const method = String(options.method ?? 'GET');
      const url = typeof options.url === 'string' ? options.url : '';
      const found = v.operationOf(method, url);
      if (!found) return res;
      const contentType = String(res.headers['content-type'] ?? '');
      const why = v.checkAnswer(found, res.statusCode, contentType, res.body);
      if (why) failures.push(`${method} ${url} → ${res.statusCode}: ${why}`);
      const key = `${found.method} ${found.path}`;
      answered.set(key, (answered.get(key) ?? new Set()).add(res.statusCode));
      return res;
    },
  });
});
afterAll(async () => t.close());

type Kind = 'none' | 'server' | 'sdk' | 'user' | 'sandbox' | 'fido';
type Device = DeviceKeys;

/** One request with the credentials of `kind` (SVC HMAC signed for server, sdk and user). */
async function send(
  kind: Kind,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = headers['content-type'] ?? (body === undefined ? '' : 'application/json');
  const all: Record<string, string> = { ...headers };
  if (contentType) all['content-type'] = contentType;
  const c = t.customer;
  if (kind === 'sandbox') all.authorization = `Bearer ${c.sandbox_token}`;
  if (kind === 'fido') all.authorization = `SVC ${c.fido_api_key}`;
  if (kind === 'server' || kind === 'sdk' || kind === 'user') {
    const creds = {
      server: c.server_credentials,
      sdk: c.sdk_credentials,
      user: c.user_credentials,
    };
    const date = t.clock.now().toUTCString();
    const parts = { method, body: payload, contentType, date, path: url };
    all.authorization = svcAuthorization(creds[kind].token, creds[kind].secret, parts);
    all['x-date'] = date;
  }
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: all,
    ...(body === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json, res };
}
const signed = async (device: Device) => ({ 'x-device-sig': await deviceSigHeader(device.device) });

async function registerDevice(device: Device) {
  const body = {
    device_public_key: await publicJwk(device.device),
    auth_public_key: await publicJwk(device.auth),
    device_platform: 'ios',
  };
  const res = await send('sdk', 'POST', '/api/v2/devices', body, await signed(device));
  return String(res.body.identifier);
}

describe('every operation answers as its document says', () => {
  it('sandbox and identity', async () => {
    await send('sandbox', 'POST', '/api/v2/verifications', {
      aamva: { identification_id: 'DL000002' },
    });
    await send('none', 'GET', '/jwks');
    const device = await generateDeviceKeys();
    const id = await registerDevice(device);
    await registerDevice(device); // 200: a known key
    await send('server', 'GET', `/api/v2/devices/${id}`);
    await send('server', 'PATCH', `/api/v2/devices/${id}`, { active: true });
    const binding = await send('server', 'POST', '/api/v2/user_devices', {
      device_identifier: id,
      user_identifier: 'alice',
    });
    await send('server', 'PATCH', `/api/v2/user_devices/${String(binding.body.id)}`, {
      active: true,
    });
    const doc = await send(
      'sdk',
      'POST',
      '/api/v2/identity_documents',
      { hash: 'h1' },
      await signed(device),
    );
    await send('server', 'GET', '/api/v2/identity_documents?user_identifier=alice');
    await send('server', 'GET', `/api/v2/identity_documents/${String(doc.body.id)}`);
    await send('server', 'POST', '/api/v2/users/alice/identity_document', { hash: 'h2' });
    const other = await generateDeviceKeys();
    await registerDevice(other);
    const svcId = String(
      (
        await send(
          'sdk',
          'POST',
          '/api/v2/devices',
          {
            device_public_key: await publicJwk(other.device),
            device_platform: 'android',
          },
          await signed(other),
        )
      ).body.svc_id,
    );
    await send('server', 'POST', '/api/v2/user_identifiers', {
      svc_id: svcId,
      identifier: 'carol',
    });
    await send('server', 'GET', '/api/v2/user_identifiers/carol');
    expect(failures).toEqual([]);
  });

  it('svcfications, the legacy v1 pair and svccodes', async () => {
    const device = await generateDeviceKeys();
    const id = await registerDevice(device);
    await send('server', 'PATCH', `/api/v2/devices/${id}`, { active: true });
    const bound = await send('server', 'POST', '/api/v2/user_devices', {
      device_identifier: id,
      user_identifier: 'dave',
    });
    await send('server', 'PATCH', `/api/v2/user_devices/${String(bound.body.id)}`, {
      active: true,
    });
    // Distinct bodies: an identical signed write within the Date window is answered, not run.
    let n = 0;
    const create = async () =>
      String(
        (
          await send('server', 'POST', '/api/v2/svcfications', {
            action: 'login',
            resource: `web-${++n}`,
            desired_level: 1,
            user_identifier: 'dave',
          })
        ).body.id,
      );
    const first = await create();
    await send('server', 'GET', '/api/v2/svcfications?user_identifier=dave');
    await send('sdk', 'GET', '/api/v2/svcfications/next', undefined, await signed(device));
    await send('server', 'GET', `/api/v2/svcfications/${first}`);
    const answer = { payloads: [await payloads.deviceAr(device, first, id)] };
    await send('sdk', 'POST', '/api/v2/svcfication_responses', answer, await signed(device));
    const rejected = await create();
    await send(
      'sdk',
      'DELETE',
      `/api/v2/svcfication_responses/${rejected}`,
      undefined,
      await signed(device),
    );
    await send('server', 'DELETE', `/api/v2/svcfications/${await create()}`);
    await send('sdk', 'GET', '/api/v2/svcfications/next', undefined, await signed(device)); // 204
    const legacy = { action: 'pay', resource: 'order', desired_level: 1, user_identifier: 'dave' };
    const created = await send('user', 'POST', '/api/v1/verifications', legacy);
    await send('user', 'GET', String(created.res.headers.location));

    const code = await send('none', 'POST', '/api/v2/svccodes', {
      relying_party_id: t.customer.id,
    });
    const codeId = String(code.body.id);
    await send('none', 'GET', `/api/v2/svccodes/${codeId}?wait=0`);
    const scanner = await generateDeviceKeys();
    const pair = { identifier: await registerDevice(scanner), payload: code.body.payload };
    await send('none', 'POST', '/api/v2/paired_svccodes', pair, await signed(scanner));
    await send('server', 'GET', `/api/v2/paired_svccodes/${codeId}`);
    await send('server', 'POST', '/api/v2/user_bindings', {
      svccode_id: codeId,
      user_identifier: 'erin',
    });
    await send('server', 'DELETE', '/api/v2/users/dave');

    const enrollment = await send('server', 'POST', '/api/v2/enrollments', {
      user_identifier: 'frank',
    });
    const phone = await generateDeviceKeys();
    const redeem = {
      code: enrollment.body.code,
      device_public_key: await publicJwk(phone.device),
      device_platform: 'ios',
    };
    const redeemed = await send(
      'none',
      'POST',
      '/api/v2/enrollments/redeem',
      redeem,
      await signed(phone),
    );
    await send('server', 'GET', `/api/v2/enrollments/${String(enrollment.body.id)}?wait=0`);
    await send('none', 'POST', '/api/v2/enrollments/redeem', redeem, await signed(phone)); // 410
    await send('none', 'GET', '/api/v2/push/web_push_key');
    const channel = (PushChannel.examples as unknown[])[0];
    await send('sdk', 'PUT', '/api/v2/push/channel', channel, await signed(phone));
    await send(
      'sdk',
      'PUT',
      '/api/v2/push/channel',
      { type: 'fcm', token: 'x' },
      await signed(phone),
    ); // 422
    await send('sdk', 'DELETE', '/api/v2/push/channel', undefined, await signed(phone));
    const nonce = 'a-presence-nonce-1';
    const challenge = await presenceCredentialChallenge(String(redeemed.body.identifier), nonce);
    const credential = new SoftAuthenticator().register(
      {
        challenge,
        rp: { id: 'localhost', name: 'svc' },
        user: { id: 'dXNlcg', name: 'frank', displayName: 'frank' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
      'http://localhost:8080',
    );
    const presence = { nonce, credential };
    await send('sdk', 'PUT', '/api/v2/presence/credential', presence, await signed(phone));
    await send('sdk', 'PUT', '/api/v2/presence/credential', presence, await signed(phone)); // 422
    expect(failures).toEqual([]);
  });

  it('FIDO, its pages included', async () => {
    const { withOrganization, register, authenticate, page } = fidoCalls(() => t);
    const c = await withOrganization();
    await c.call('GET', `/api/v1/organizations/${String(c.org.id)}`);
    await c.call('POST', `/api/v1/organizations/${String(c.org.id)}/client_secret`);
    await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://login.acme.test/done' });
    await c.call('GET', '/api/v1/redirect_uris');
    const user = await c.call('POST', '/api/v1/users', { name: 'Zed', user_identifier: 'zed' });
    await c.call('POST', '/api/v1/users', { name: 'Zed', user_identifier: 'zed' }); // 409
    await c.call('POST', '/api/v1/users/search', { registered: false });
    const authenticator = new SoftAuthenticator();
    const registration = await register(c, authenticator);
    await c.call('GET', `/api/v1/registrations/${registration.id}`);
    await c.call('POST', `/api/v1/users/${String(user.body.id)}/registrations`, {});
    await page('POST', `${registration.path}/options`, { secret: registration.secret }); // 410
    const login = await authenticate(c, authenticator, { user_identifier: 'alice' });
    await c.call('GET', `/api/v1/authentications/${login.id}`);
    const found = await c.call('POST', '/api/v1/users/search', { user_identifier: 'alice' });
    const alice = String((found.body.users as Json[])[0]?.id);
    const listed = await c.call('GET', `/api/v1/users/${alice}/credentials`);
    const passkey = `/api/v1/users/${alice}/credentials/${String((listed.body.credentials as Json[])[0]?.id)}`;
    const headers = { authorization: `SVC ${c.apiKey}` };
    await t.app.inject({ method: 'PATCH', url: passkey, headers, payload: { name: 'Laptop' } });
    await t.app.inject({ method: 'DELETE', url: passkey, headers });
    expect(failures).toEqual([]);
  });

  /** A phone of the customer, bound to the user identifier and active. */
  async function boundPhone(customer: Awaited<ReturnType<TestApp['newCustomer']>>, user: string) {
    const via = { baseUrl: 'http://svc', fetch: injectFetch(t.app), now: () => t.clock.now() };
    const device = new DeviceClient({ ...via, credentials: customer.sdk_credentials });
    await device.register();
    const rp = new RpClient({ ...via, credentials: customer.server_credentials });
    const binding = await rp.bindDevice(device.identifier, user);
    await rp.setBindingActive(binding.id, true);
    await rp.setDeviceActive(device.identifier, true);
  }

  it("Sign in with svc: the provider's JSON endpoints, their OAuth errors included", async () => {
    const { register } = fidoCalls(() => t);
    const { organization, signIn, tokenCall } = oidcCalls(() => t);
    const customer = await t.newCustomer();
    const c = await organization(customer.fido_api_key);
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator);
    const issuer = `/oidc/${c.id}`;
    const call = (method: 'GET' | 'POST', path: string, headers = {}, form?: Json) =>
      t.app.inject({
        method,
        url: `${issuer}${path}`,
        headers: {
          ...behindTls,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        ...(form
          ? { payload: new URLSearchParams(form as Record<string, string>).toString() }
          : {}),
      });
    await call('GET', '/.well-known/openid-configuration');
    await call('GET', '/jwks');
    const settings = `/api/v1/organizations/${c.id}/oidc_client`;
    expect((await c.call('GET', settings)).status).toBe(200);
    expect((await c.call('PATCH', settings, { require_pkce: false })).status).toBe(200);
    expect((await tokenCall(c.id, undefined, c.clientId)).status).toBe(400); // a made-up code
    expect((await call('GET', '/me')).statusCode).toBe(401); // no token
    const both = { authorization: 'Bearer forged' };
    expect((await call('POST', '/me', both, { access_token: 'forged' })).statusCode).toBe(400);
    const rfc8414 = `/.well-known/oauth-authorization-server/oidc/${c.id}`;
    expect((await t.app.inject({ url: rfc8414, headers: behindTls })).statusCode).toBe(200);
    expect((await call('POST', '/me', { authorization: 'Bearer forged' })).statusCode).toBe(401);

    // A public client: the code with its PKCE verifier, then userinfo and a refresh.
    const exchange = { grant_type: 'authorization_code', redirect_uri: redirectUri };
    const first = await signIn(c.id, c.clientId, authenticator);
    const code = { ...exchange, code: first.code, code_verifier: first.verifier };
    const tokens = (
      await call('POST', '/token', {}, { ...code, client_id: c.clientId })
    ).json<Json>();
    const bearer = { authorization: `Bearer ${String(tokens.access_token)}` };
    expect((await call('GET', '/me', bearer)).json()).toMatchObject({
      preferred_username: 'alice',
    });
    await call('POST', '/me', bearer);
    const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token };
    expect(
      (await call('POST', '/token', {}, { ...refresh, client_id: c.clientId })).statusCode,
    ).toBe(200);

    // A confidential client: Basic, and 401 invalid_client for a wrong secret.
    const secret = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    const confidential = { authorization: basic(c.clientId, String(secret.body.client_secret)) };
    const next = await signIn(c.id, c.clientId, authenticator);
    const form = { ...exchange, code: next.code, code_verifier: next.verifier };
    expect((await call('POST', '/token', confidential, form)).statusCode).toBe(200);
    const wrong = { authorization: basic(c.clientId, 'wrong') };
    expect((await call('POST', '/token', wrong, form)).statusCode).toBe(401);

    // CIBA, once the client opted in: alice's phone is asked; the grant waits for its answer.
    await boundPhone(customer, 'alice');
    const poll = { backchannel_token_delivery_mode: 'poll' };
    expect((await c.call('PATCH', settings, poll)).status).toBe(200);
    const ask = { scope: 'openid', login_hint: 'alice', binding_message: 'Sign in at the till' };
    const started = await call('POST', '/backchannel', confidential, ask);
    expect(started.statusCode).toBe(200);
    const nobody = { ...ask, login_hint: 'nobody' };
    expect((await call('POST', '/backchannel', confidential, nobody)).statusCode).toBe(400);
    const ciba = {
      grant_type: 'urn:openid:params:grant-type:ciba',
      auth_req_id: String(started.json<Json>().auth_req_id),
    };
    expect((await call('POST', '/token', confidential, ciba)).json()).toMatchObject({
      error: 'authorization_pending',
    });
    expect(failures).toEqual([]);
  });

  it('the audit trail, under both prefixes', async () => {
    await integratePending(t.store.db, t.ctx.checkpointKey, t.clock, (_log, err) => {
      throw err;
    });
    for (const [kind, prefix] of [
      ['server', '/api/v2'],
      ['fido', '/api/v1'],
    ] as const) {
      const page = await send(kind, 'GET', `${prefix}/audit_events?limit=2`);
      const [first] = page.body.audit_events as { id: string }[];
      await send(kind, 'GET', `${prefix}/audit_checkpoint`);
      await send(kind, 'GET', `${prefix}/audit_events/${first!.id}/inclusion_proof`);
      await send(kind, 'GET', `${prefix}/audit_consistency_proof?first=1&second=2`);
    }
    expect(failures).toEqual([]);
  });

  it('every operation has answered with a success', () => {
    const missing = v.operations
      .map((o) => `${o.method} ${o.path}`)
      .filter((key) => ![...(answered.get(key) ?? [])].some((s) => s >= 200 && s < 300));
    expect(missing).toEqual([]);
  });
});

describe('error answers match their documented bodies', () => {
  it('missing credentials, bad bodies and unknown ids, on every operation', async () => {
    failures = [];
    const device = await generateDeviceKeys();
    await registerDevice(device);
    for (const { method, path, operation } of v.operations) {
      const url = path.replace(/\{[^}]+\}/g, 'unknown-id');
      const needs = JSON.stringify(operation.security ?? []);
      const kind: Kind = needs.includes('SandboxBearer')
        ? 'sandbox'
        : needs.includes('FidoApiKey')
          ? 'fido'
          : needs.includes('"server"')
            ? 'server'
            : needs.includes('"user"')
              ? 'user'
              : needs.includes('SvcHmac')
                ? 'sdk'
                : 'none';
      // Its own example reaches the use case (with unknown ids: 404, 409, 422, 424…).
      const example = operation.requestBody?.content['application/json']?.example;
      const bodies =
        method === 'GET' || method === 'DELETE'
          ? [undefined]
          : [undefined, '{}', '{"x":', { id: 7 }, example];
      for (const body of bodies) {
        await send('none', method, url, body);
        await send(
          kind,
          method,
          url,
          body,
          needs.includes('DeviceSig') ? await signed(device) : {},
        );
      }
    }
    await send('server', 'POST', '/api/v2/user_devices', 'text', { 'content-type': 'text/plain' });
    expect(failures).toEqual([]);
    const statuses = new Set([...answered.values()].flatMap((s) => [...s]));
    for (const status of [400, 401, 403, 404, 409, 410, 415, 422, 424])
      expect(statuses, String(status)).toContain(status);
  });

  it('and the check refuses a body its schema does not allow', () => {
    const found = v.operationOf('GET', '/api/v2/devices/x');
    expect(found && v.checkAnswer(found, 200, 'application/json', '{"identifier": 1}')).toMatch(
      /must/,
    );
    expect(found && v.checkAnswer(found, 299, 'application/json', '{}')).toMatch(/not documented/);
  });
});
