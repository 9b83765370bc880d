import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, type Json } from '../fido.kit.js';
import { DeviceClient, RpClient } from '@svc/sdk';
import { injectFetch, testApp, type TestApp } from '../helpers.js';
import { behindTls, oidcCalls, redirectUri } from './oidc.kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { organization, authorize, signIn } = oidcCalls(() => t);
const { register } = fidoCalls(() => t);

describe('the provider of an organization', () => {
  it("lives under its pages' base; an unknown organization is 404", async () => {
    const c = await organization();
    const res = await t.app.inject({
      url: `/oidc/${c.id}/.well-known/openid-configuration`,
      headers: behindTls,
    });
    expect(res.statusCode).toBe(200);
    const metadata = res.json<Json>();
    expect(metadata).toMatchObject({
      issuer: `${origin}/oidc/${c.id}`,
      jwks_uri: expect.stringMatching(new RegExp(`/oidc/${c.id}/jwks$`)),
      end_session_endpoint: expect.any(String),
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(metadata).not.toHaveProperty('pushed_authorization_request_endpoint');
    const jwks = await t.app.inject({ url: `/oidc/${c.id}/jwks`, headers: behindTls });
    const own = await t.app.inject({ url: '/jwks' });
    expect(jwks.json<{ keys: Json[] }>().keys.map((k) => k.kid)).toEqual(
      own.json<{ keys: Json[] }>().keys.map((k) => k.kid),
    );
    expect(JSON.stringify(jwks.json())).not.toMatch(/"d":/);
    const unknown = await t.app.inject({ url: '/oidc/nope/.well-known/openid-configuration' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'ORGANIZATION_NOT_FOUND' });
  });

  it('sends the browser to the sign-in page; the page calls need its cookie and a finished ceremony', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    expect(flow.status).toBe(303);
    expect(flow.location).toMatch(new RegExp(`^/oidc/${c.id}/interaction/[\\w-]+$`));
    const page = await flow.go('GET', flow.location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with a passkey');
    expect(page.headers['content-security-policy']).toContain("form-action 'none'");

    const early = await flow.go('POST', `${flow.location}/passkey/finish`, { response: {} });
    expect(early.json()).toMatchObject({ error: 'OIDC_SIGN_IN_INCOMPLETE' });
    // WebAuthn options, nothing else: the link and its secret never reach the browser, so the
    // ceremony cannot be handed to another browser (only this cookie's holder can answer).
    const linkIds = async () =>
      (await t.store.db.selectFrom('fido_authentications').select('id').execute()).map((r) => r.id);
    const before = await linkIds();
    const started = await flow.go('POST', `${flow.location}/passkey`);
    expect(Object.keys(started.json()).sort()).toEqual(
      ['allowCredentials', 'challenge', 'rpId', 'timeout', 'userVerification'].sort(),
    );
    const made = (await linkIds()).filter((id) => !before.includes(id));
    expect(made).toHaveLength(1);
    expect(started.body).not.toContain(String(made[0]));
    // Asked again: a new challenge on the same link, not another link.
    const again = (await flow.go('POST', `${flow.location}/passkey`)).json<Json>();
    expect(again.challenge).not.toBe(started.json<Json>().challenge);
    expect(await linkIds()).toHaveLength(before.length + 1);
    const unsigned = await flow.go('POST', `${flow.location}/passkey/finish`, { response: {} });
    expect(unsigned.statusCode).toBe(400);

    // Without the interaction's cookie nothing starts.
    const links = await t.store.db.selectFrom('fido_authentications').selectAll().execute();
    const stranger = await t.app.inject({
      method: 'POST',
      url: `${flow.location}/passkey`,
      headers: { ...behindTls, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(stranger.json()).toMatchObject({ error: 'OIDC_INTERACTION_NOT_FOUND' });
    expect(await t.store.db.selectFrom('fido_authentications').selectAll().execute()).toEqual(
      links,
    );
    const stale = await t.app.inject({ url: `/oidc/${c.id}/interaction/nope`, headers: behindTls });
    expect(stale.statusCode).toBe(404);
    expect(stale.body).toContain('Sign-in expired');
  });

  it('the phone: a svccode of the customer as a QR code, then waiting for the scan', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    const early = await flow.go('POST', `${flow.location}/phone/poll`);
    expect(early.json()).toMatchObject({ error: 'OIDC_SIGN_IN_INCOMPLETE' });
    const shown = (await flow.go('POST', `${flow.location}/phone`)).json<Json>();
    expect(shown).toEqual({
      payload: expect.any(String),
      qr: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const customer = await t.store.db
      .selectFrom('fido_organizations')
      .select('customer_id')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    const codes = await t.store.db
      .selectFrom('svccodes')
      .select('id')
      .where('customer_id', '=', customer.customer_id)
      .execute();
    expect(codes).toHaveLength(1);
    expect((await flow.go('POST', `${flow.location}/phone/poll`)).json()).toEqual({
      state: 'waiting',
    });
  });

  it('a phone poll is held until the phone moves the sign-in on', async () => {
    const customer = await t.newCustomer();
    const c = await organization(customer.fido_api_key);
    const flow = await authorize(c.id, c.clientId);
    const shown = (await flow.go('POST', `${flow.location}/phone`)).json<Json>();
    let settled = false;
    const held = flow.go('POST', `${flow.location}/phone/poll?wait=20`).then((res) => {
      settled = true;
      return res;
    });
    const device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: customer.sdk_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    await device.register();
    const rp = new RpClient({
      baseUrl: 'http://svc',
      credentials: customer.server_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    // The phone: bound to a user identifier of the customer, active.
    const binding = await rp.bindDevice(device.identifier, 'alice');
    await rp.setBindingActive(binding.id, true);
    await rp.setDeviceActive(device.identifier, true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false); // nothing has happened yet: the call waits
    await device.pair(String(shown.payload));
    // Paired: the phone is asked (a new step), and the call answers without waiting out its 20 s.
    expect((await held).json()).toEqual({ state: 'waiting' });
    const sent = await device.next();
    expect(sent).toMatchObject({ action: 'Sign in' });
    settled = false;
    const answered = flow.go('POST', `${flow.location}/phone/poll?wait=20`).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await device.reject(String(sent?.id));
    // The answer ends the sign-in (refused here), back at the client.
    expect((await answered).json()).toEqual({ redirect_to: expect.any(String) });
  });

  it('a level a passkey cannot prove is refused back at the client, never downgraded', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId, { acr_values: 'EX' });
    const answer = await flow.go('POST', `${flow.location}/passkey`);
    const next = answer.json<{ redirect_to: string }>().redirect_to;
    const resumed = await flow.go('GET', new URL(next).pathname);
    const back = new URL(String(resumed.headers.location));
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(back.searchParams.get('state')).toBe('st');
  });

  it("another organization's pages refuse an interaction and write nothing", async () => {
    const a = await organization();
    const b = await organization();
    const flow = await authorize(a.id, a.clientId);
    const uid = flow.location.split('/').pop() ?? '';
    const rows = async () => [
      await t.store.db.selectFrom('fido_authentications').selectAll().execute(),
      await t.store.db.selectFrom('svccodes').selectAll().execute(),
    ];
    const before = await rows();
    for (const step of ['passkey', 'phone', 'passkey/finish']) {
      const body = step === 'passkey/finish' ? { response: {} } : {};
      const res = await flow.go('POST', `/oidc/${b.id}/interaction/${uid}/${step}`, body);
      expect(res.statusCode, step).toBe(404);
      expect(res.json()).toMatchObject({ error: 'OIDC_INTERACTION_NOT_FOUND' });
    }
    expect((await flow.go('GET', `/oidc/${b.id}/interaction/${uid}`)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    expect((await flow.go('GET', flow.location)).statusCode).toBe(200);
  });

  it("a session cookie is kept to its organization's issuer path", async () => {
    const c = await organization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator);
    const { session } = await signIn(c.id, c.clientId, authenticator);
    expect(session).toMatch(new RegExp(`; path=/oidc/${c.id};`, 'i'));
  });

  it('hostile requests to the provider and the sign-in page get 4xx, never 5xx', async () => {
    const c = await organization();
    const flow = await authorize(c.id, c.clientId);
    type Probe = {
      method?: 'GET' | 'POST' | 'PUT';
      url: string;
      headers?: Record<string, string>;
      payload?: string;
    };
    const probes: Probe[] = [
      { url: `/oidc/${c.id}/auth` },
      { url: `/oidc/${c.id}/auth?client_id=nope&response_type=code&scope=openid` },
      {
        url: `/oidc/${c.id}/auth?client_id=${c.clientId}&redirect_uri=${redirectUri}&scope=openid&response_type=code&code_challenge=x&code_challenge_method=plain&nonce=n`,
      },
      { method: 'POST', url: `/oidc/${c.id}/token`, payload: 'grant_type=%ZZ&&=' },
      {
        method: 'POST',
        url: `/oidc/${c.id}/token`,
        headers: { 'content-type': 'application/json' },
        payload: '{"grant_type":',
      },
      {
        method: 'POST',
        url: `/oidc/${c.id}/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a='.repeat(40_000),
      },
      { method: 'PUT', url: `/oidc/${c.id}/token` },
      { url: `/oidc/${c.id}/me` },
      { url: `/oidc/${c.id}/me`, headers: { authorization: 'Bearer forged' } },
      { url: `/oidc/${c.id}/session/end?post_logout_redirect_uri=https://evil.test/` },
      {
        method: 'POST',
        url: `/oidc/${c.id}/session/end/confirm`,
        payload: 'xsrf=nope&logout=yes',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        url: `/oidc/${c.id}/interaction/x`,
        headers: { cookie: '_interaction=forged; _interaction.sig=forged' },
      },
      {
        method: 'POST',
        url: `${flow.location}/passkey`,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      { method: 'POST', url: `${flow.location}/phone/poll`, headers: { cookie: '_interaction=x' } },
      { url: `/oidc/${c.id}/${'a'.repeat(2000)}` },
      { url: `/oidc/${c.id}/.well-known/openid-configuration/%00` },
    ];
    for (const probe of probes) {
      const res = await t.app.inject({
        ...probe,
        method: probe.method ?? 'GET',
        headers: { ...behindTls, ...probe.headers },
      });
      expect(
        res.statusCode,
        `${probe.method ?? 'GET'} ${String(probe.url).slice(0, 80)}`,
      ).toBeLessThan(500);
    }
  });
});
