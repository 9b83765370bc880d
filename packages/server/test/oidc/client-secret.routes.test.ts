import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';
import { basic, oidcCalls } from './oidc.kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { client, organization, tokenCall } = oidcCalls(() => t);

describe('the client secret (FIDO API)', () => {
  it('is answered once per call, replaces the last one, and is stored sealed', async () => {
    const c = await organization();
    const first = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ client_id: c.clientId, client_secret: expect.any(String) });
    const secret = String(first.body.client_secret);
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(32);
    const row = await t.store.db
      .selectFrom('fido_organizations')
      .select('oidc_client_secret_sealed')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret_sealed).not.toContain(secret);
    expect(t.box.open(row.oidc_client_secret_sealed ?? '')).toBe(secret);

    // The token endpoint knows the client as confidential now.
    expect(await tokenCall(c.id)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await tokenCall(c.id, basic(c.clientId, 'wrong'))).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await tokenCall(c.id, basic(c.clientId, secret))).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const second = await c.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(second.body.client_secret).not.toBe(secret);
    expect((await tokenCall(c.id, basic(c.clientId, secret))).status).toBe(401);
    expect(
      (await tokenCall(c.id, basic(c.clientId, String(second.body.client_secret)))).status,
    ).toBe(400);
  });

  it('is never kept for replays: a repeat with the same Idempotency-Key issues another', async () => {
    const c = await organization();
    const again = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${c.id}/client_secret`,
          headers: { authorization: `SVC ${c.apiKey}`, 'idempotency-key': 'rotate-1' },
        })
      ).json<{ client_secret: string }>().client_secret;
    const first = await again();
    expect(await again()).not.toBe(first);
    const kept = await t.store.db.selectFrom('idempotency').select('body').execute();
    expect(kept.some((row) => row.body?.includes(first))).toBe(false);
  });

  it("another customer's organization, an unknown id or bad credentials change nothing", async () => {
    const c = await organization();
    const other = await client();
    const before = await t.store.db.selectFrom('fido_organizations').selectAll().execute();
    const refused = await other.call('POST', `/api/v1/organizations/${c.id}/client_secret`);
    expect(refused).toMatchObject({ status: 404, body: { error: 'ORGANIZATION_NOT_FOUND' } });
    expect((await c.call('POST', '/api/v1/organizations/nope/client_secret')).status).toBe(404);
    const unsigned = await c.call(
      'POST',
      `/api/v1/organizations/${c.id}/client_secret`,
      undefined,
      null,
    );
    expect(unsigned.status).toBe(403);
    expect(await t.store.db.selectFrom('fido_organizations').selectAll().execute()).toEqual(before);
    // Still a public client: PKCE alone.
    expect((await tokenCall(c.id, undefined, c.clientId)).body).toMatchObject({
      error: 'invalid_grant',
    });
  });
});
