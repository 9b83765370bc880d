import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';
import { basic, behindTls, oidcCalls } from './oidc.kit.js';

/** CIBA's per-client opt-in, and the backchannel requests it refuses (oidc.ciba.e2e for the flow). */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { organization } = oidcCalls(() => t);

type Org = Awaited<ReturnType<typeof organization>>;
const settings = (c: Org) => `/api/v1/organizations/${c.id}/oidc_client`;

async function confidential() {
  const c = await organization();
  const secret = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
  await c.call('POST', '/api/v1/users', { name: 'Bob', user_identifier: 'bob' });
  return { ...c, authorization: basic(c.clientId, String(secret.body.client_secret)) };
}

const backchannel = (c: Org, authorization: string, params: Record<string, string>) =>
  t.app
    .inject({
      method: 'POST',
      url: `/oidc/${c.id}/backchannel`,
      headers: {
        ...behindTls,
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ scope: 'openid', login_hint: 'bob', ...params }).toString(),
    })
    .then((res) => ({ status: res.statusCode, body: res.json<Record<string, unknown>>() }));

describe('CIBA client settings', () => {
  it('a confidential client opts in with poll or ping (ping with an endpoint callbacks may reach)', async () => {
    const c = await confidential();
    const refused = [
      [{ backchannel_token_delivery_mode: 'ping' }, 'backchannel_client_notification_endpoint'],
      [
        {
          backchannel_token_delivery_mode: 'ping',
          backchannel_client_notification_endpoint: 'rp.example/ciba',
        },
        'backchannel_client_notification_endpoint',
      ],
      [{ backchannel_token_delivery_mode: 'push' }, 'backchannel_token_delivery_mode'],
    ] as const;
    for (const [body, field] of refused) {
      const bad = await c.call('PATCH', settings(c), body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ error: 'MISSING_FIELDS' });
      expect(JSON.stringify(bad.body.field_errors ?? bad.body)).toContain(field);
    }
    expect((await c.call('GET', settings(c))).body).toMatchObject({
      backchannel_token_delivery_mode: null,
    });
    const ping = await c.call('PATCH', settings(c), {
      backchannel_token_delivery_mode: 'ping',
      backchannel_client_notification_endpoint: 'https://rp.example/ciba',
    });
    expect(ping.body).toMatchObject({
      backchannel_token_delivery_mode: 'ping',
      backchannel_client_notification_endpoint: 'https://rp.example/ciba',
    });
    const off = await c.call('PATCH', settings(c), { backchannel_token_delivery_mode: null });
    expect(off.body).toMatchObject({ backchannel_token_delivery_mode: null });
  });

  it('a public client cannot opt in', async () => {
    const c = await organization();
    const bad = await c.call('PATCH', settings(c), { backchannel_token_delivery_mode: 'poll' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      field_errors: { backchannel_token_delivery_mode: [expect.stringContaining('confidential')] },
    });
  });
});

describe('backchannel requests', () => {
  it('are refused without the opt-in, without the client secret, or with a bad message or token', async () => {
    const c = await confidential();
    expect((await backchannel(c, c.authorization, {})).body).toEqual({
      error: 'invalid_request',
      error_description: 'urn:openid:params:grant-type:ciba is not allowed for this client',
    });
    await c.call('PATCH', settings(c), {
      backchannel_token_delivery_mode: 'ping',
      backchannel_client_notification_endpoint: 'https://rp.example/ciba',
    });
    expect((await backchannel(c, basic(c.clientId, 'wrong'), {})).status).toBe(401);
    const token = { client_notification_token: 't0k3n' };
    expect(
      (await backchannel(c, c.authorization, { ...token, binding_message: 'two\nlines' })).body,
    ).toMatchObject({ error: 'invalid_binding_message' });
    expect((await backchannel(c, c.authorization, {})).body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('client_notification_token'),
    });
    expect(
      (await backchannel(c, c.authorization, { ...token, login_hint: 'nobody' })).body,
    ).toMatchObject({ error: 'unknown_user_id' });
    // Bob has no phone: nothing can be asked, and nothing waits.
    expect((await backchannel(c, c.authorization, token)).body).toMatchObject({
      error: 'access_denied',
    });
    expect(await t.store.db.selectFrom('oidc_ciba_requests').selectAll().execute()).toEqual([]);
  });
});
