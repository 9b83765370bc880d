import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient, RpClient } from '@svc/sdk';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { fidoCalls, origin, type Json } from '../fido.kit.js';
import { injectFetch, testApp, type TestApp } from '../helpers.js';
import { behindTls, oidcCalls, redirectUri } from './oidc.kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { organization, signIn, authorize } = oidcCalls(() => t);
const { register } = fidoCalls(() => t);

/** An organization (a public client) and a user of it who signed in with a passkey. */
async function signedIn() {
  const c = await organization();
  const authenticator = new SoftAuthenticator();
  await register(c, authenticator);
  return { c, ...(await signIn(c.id, c.clientId, authenticator)) };
}

const token = (orgId: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/oidc/${orgId}/token`,
    headers: { ...behindTls, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('a code is single-use, under concurrency too', () => {
  it('three redemptions of one code at once: one token, the others invalid_grant', async () => {
    const c = await organization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator);
    for (let round = 0; round < 5; round++) {
      const { code, verifier } = await signIn(c.id, c.clientId, authenticator);
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: c.clientId,
      };
      const answers = await Promise.all([1, 2, 3].map(() => token(c.id, form)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      for (const lost of answers.filter((a) => a.statusCode === 400))
        expect(lost.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });
});

describe('a session signed in at a lower level than acr_values asks for', () => {
  const authorization = (orgId: string, clientId: string, extra: Record<string, string>) =>
    `/oidc/${orgId}/auth?${new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'st',
      nonce: 'nn',
      code_challenge: createHash('sha256')
        .update(randomBytes(32).toString('base64url'))
        .digest('base64url'),
      code_challenge_method: 'S256',
      ...extra,
    })}`;

  it('signs in again (prompt=none: login_required), never gets a code at its own level', async () => {
    const { c, cookie } = await signedIn();
    const go = (extra: Record<string, string>) =>
      t.app.inject({
        url: authorization(c.id, c.clientId, extra),
        headers: { ...behindTls, cookie },
      });
    // The passkey's own level is served from the session.
    const same = new URL(String((await go({ acr_values: 'ES' })).headers.location));
    expect(same.searchParams.get('code')).toBeTruthy();
    // A higher one is not.
    const higher = await go({ acr_values: 'EX' });
    expect(String(higher.headers.location)).toContain(`/oidc/${c.id}/interaction/`);
    const silent = new URL(
      String((await go({ acr_values: 'EX', prompt: 'none' })).headers.location),
    );
    expect(silent.searchParams.get('code')).toBeNull();
    expect(silent.searchParams.get('error')).toBe('login_required');
  });
});

describe('a phone sign-in polled twice at once', () => {
  it('asks the phone once, and signs in with the answer to that one request', async () => {
    const customer = await t.newCustomer();
    const c = await organization(customer.fido_api_key);
    const flow = await authorize(c.id, c.clientId);
    const shown = (await flow.go('POST', `${flow.location}/phone`)).json<{ payload: string }>();
    const options = { baseUrl: 'http://svc', fetch: injectFetch(t.app), now: () => t.clock.now() };
    const device = new DeviceClient({ ...options, credentials: customer.sdk_credentials });
    const rp = new RpClient({ ...options, credentials: customer.server_credentials });
    await device.register();
    const binding = await rp.bindDevice(device.identifier, 'alice');
    await rp.setBindingActive(binding.id, true);
    await rp.setDeviceActive(device.identifier, true);
    // Both held, both woken by the pairing.
    const held = [1, 2].map(() => flow.go('POST', `${flow.location}/phone/poll?wait=20`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await device.pair(shown.payload);
    const polls = await Promise.all(held);
    for (const poll of polls) expect(poll.json()).toEqual({ state: 'waiting' });
    const sent = await t.store.db
      .selectFrom('svcfications')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(sent).toHaveLength(1);
    await device.reject(String(sent[0]?.id));
    const ended = (await flow.go('POST', `${flow.location}/phone/poll`)).json<Json>();
    expect(ended.redirect_to).toEqual(expect.any(String));
  });
});

describe('the passkey step of a sign-in', () => {
  it('a wrong passkey can be followed by the right one; a finished sign-in takes no more calls', async () => {
    const c = await organization();
    const known = new SoftAuthenticator();
    await register(c, known);
    const flow = await authorize(c.id, c.clientId);
    const attempt = async (authenticator: SoftAuthenticator) => {
      const options = (await flow.go('POST', `${flow.location}/passkey`)).json();
      const response = authenticator.authenticate(
        options as PublicKeyCredentialRequestOptionsJSON,
        origin,
      );
      return flow.go('POST', `${flow.location}/passkey/finish`, { response });
    };
    // A passkey this organization does not know (removed, another's): refused, and the link it closed
    // gives way to a new one.
    const stranger = new SoftAuthenticator();
    await register(await organization(), stranger);
    const wrong = await attempt(stranger);
    expect(wrong.statusCode).toBe(400);
    // The interaction keeps its link's secret sealed, never in clear.
    const uid = flow.location.split('/').pop() ?? '';
    const kept = await t.store.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Interaction')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    const pending = (JSON.parse(kept.payload) as { result: { svc: { passkeySecret: string } } })
      .result.svc;
    expect(pending.passkeySecret).toMatch(/^v1\./);
    const right = await attempt(known);
    const next = right.json<{ redirect_to: string }>().redirect_to;
    expect(next).toEqual(expect.any(String));

    // Finished: another start would overwrite the login the browser is carrying back.
    const late = await flow.go('POST', `${flow.location}/passkey`);
    expect(late.statusCode).toBe(404);
    const back = await flow.go('GET', new URL(next).pathname);
    expect(new URL(String(back.headers.location)).searchParams.get('code')).toBeTruthy();
  });
});
