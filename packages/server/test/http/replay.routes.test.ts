import { deviceSigHeader, generateDeviceKeys, publicJwk } from '@svc/sdk';
import { hmacSignature, svcAuthorization } from '@svc/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidoCalls } from '../fido.kit.js';
import { identityCalls } from '../identity.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { newDevice, signedInject } = identityCalls(() => t);
const { withOrganization } = fidoCalls(() => t);

const count = async (table: 'user_identifiers' | 'fido_users' | 'idempotency') =>
  Number(
    (
      await t.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('an identical signed write', () => {
  it('without an Idempotency-Key runs again: two requests are two writes', async () => {
    const { svc_id } = await newDevice().register();
    const parts = {
      method: 'POST' as const,
      path: '/api/v2/user_identifiers',
      body: JSON.stringify({ svc_id, identifier: 'replayed' }),
      contentType: 'application/json',
      date: t.clock.now().toUTCString(),
    };
    const kept = await count('idempotency');
    expect((await signedInject(parts)).statusCode).toBe(204);
    const before = await count('user_identifiers');
    // The same bytes again (inside the Date window) run again and meet the first one's result.
    expect((await signedInject(parts)).statusCode).toBe(409);
    expect(await count('user_identifiers')).toBe(before);
    expect(await count('idempotency')).toBe(kept);
  });

  it('with X-Device-Sig: a repeat is refused, its nonce spent by the first', async () => {
    const keys = await generateDeviceKeys();
    const body = JSON.stringify({
      device_public_key: await publicJwk(keys.device),
      device_platform: 'ios',
    });
    const { token, secret } = t.customer.sdk_credentials;
    const date = t.clock.now().toUTCString();
    const path = '/api/v2/devices';
    const headers = {
      'content-type': 'application/json',
      'x-date': date,
      'x-device-sig': await deviceSigHeader(keys.device),
      authorization: svcAuthorization(token, secret, {
        method: 'POST',
        body,
        contentType: 'application/json',
        date,
        path,
      }),
    };
    const send = () => t.app.inject({ method: 'POST', url: path, headers, payload: body });
    expect((await send()).statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(403);
    // Keyed, the repeat gets the first answer (the client asked for it).
    const keyed = { ...headers, 'x-device-sig': await deviceSigHeader(keys.device) };
    const sendKeyed = () =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...keyed, 'idempotency-key': 'device-1' },
        payload: body,
      });
    const first = await sendKeyed();
    expect(first.statusCode).toBe(200);
    const repeat = await sendKeyed();
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const { secret: serverSecret } = t.customer.sdk_credentials;
    const answeredAt = String(repeat.headers['x-date']);
    expect(repeat.headers['x-signature']).toBe(
      hmacSignature(serverSecret, {
        method: 'POST',
        body: repeat.body,
        contentType: String(repeat.headers['content-type']),
        date: answeredAt,
        path,
      }),
    );
  });

  it('a refused write leaves nothing behind', async () => {
    const before = await count('idempotency');
    const res = await signedInject({
      method: 'POST',
      path: '/api/v2/user_identifiers',
      body: '{"svc_id":1}',
      contentType: 'application/json',
    });
    expect(res.statusCode).toBe(422);
    expect(await count('idempotency')).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('a re-sent keyed create runs once; another body under the key → 422', async () => {
    const { apiKey } = await withOrganization();
    const send = (key: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { authorization: `SVC ${apiKey}`, 'idempotency-key': key },
        payload: payload as Record<string, unknown>,
      });
    const alice = { name: 'Alice', user_identifier: 'alice-idem@example.com' };
    const first = await send('k-1', alice);
    expect(first.statusCode).toBe(201);
    const users = await count('fido_users');
    const again = await send('k-1', alice);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await count('fido_users')).toBe(users);
    const other = await send('k-1', { ...alice, name: 'Eve' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });

    // A refusal does not use up the key, before the use case runs or from it.
    expect((await send('k-2', { name: 'Bob' })).statusCode).toBe(400);
    expect((await send('k-2', { name: 'Bob', user_identifier: 'bob-idem' })).statusCode).toBe(201);
    expect((await send('k-3', alice)).statusCode).toBe(409);
    expect(
      (await send('k-3', { name: 'Alice', user_identifier: 'alice-2@example.com' })).statusCode,
    ).toBe(201);

    // After 24 h the key is forgotten: the create runs again and finds the user.
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await send('k-1', alice)).statusCode).toBe(409);
  });

  it('while the first request runs, a repeat → 409 REQUEST_IN_PROGRESS', async () => {
    const { apiKey } = await withOrganization();
    const now = t.clock.now();
    await t.store.db
      .insertInto('idempotency')
      .values({
        customer_id: (
          await t.store.db
            .selectFrom('credentials')
            .select('customer_id')
            .where('kind', '=', 'fido')
            .orderBy('created_at', 'desc')
            .executeTakeFirstOrThrow()
        ).customer_id,
        key: 'idem:fido:busy', // the FIDO API key's claims
        claim: 'other',
        fingerprint: 'x',
        status: null,
        headers: null,
        body: null,
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { authorization: `SVC ${apiKey}`, 'idempotency-key': 'busy' },
      payload: { name: 'Carol', user_identifier: 'carol-idem' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'REQUEST_IN_PROGRESS' });
    // A claim whose process died is taken over after its lease.
    t.clock.advance(61_000);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { authorization: `SVC ${apiKey}`, 'idempotency-key': 'busy' },
      payload: { name: 'Carol', user_identifier: 'carol-idem' },
    });
    expect(retry.statusCode).toBe(201);
  });

  it('a malformed key → 400', async () => {
    const { apiKey } = await withOrganization();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { authorization: `SVC ${apiKey}`, 'idempotency-key': 'a b' },
      payload: { name: 'Dan', user_identifier: 'dan-idem' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_INVALID' });
  });
  it("keeps answers sealed: a user link's secret is not in the database, its repeat shows it", async () => {
    const { apiKey } = await withOrganization();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/registrations',
        headers: { authorization: `SVC ${apiKey}`, 'idempotency-key': 'sealed-1' },
        payload: { user: { user_identifier: 'sealed@example.com' } },
      });
    const first = await send();
    const secret = new URL(first.json<{ user_link: string }>().user_link).hash.slice(1);
    const kept = await t.store.db
      .selectFrom('idempotency')
      .select('body')
      .where('key', '=', 'idem:fido:sealed-1')
      .executeTakeFirstOrThrow();
    expect(kept.body).not.toContain(secret);
    expect((await send()).json()).toEqual(first.json());
  });
});

describe('the OpenAPI documents', () => {
  it('name Idempotency-Key on every authenticated write, and only there', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/fido/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[]; security?: [] }>>;
    }>();
    const keyed = (method: string, path: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some((p) => p.name === 'Idempotency-Key');
    expect(keyed('post', '/api/v1/users')).toBe(true);
    expect(keyed('get', '/api/v1/redirect_uris')).toBe(false);
    expect(keyed('post', '/fido/registrations/{id}/options')).toBe(false);
    // The OpenID Provider's token endpoint: client credentials, not svc's, so no replay claims.
    expect(keyed('post', '/oidc/{organization_id}/token')).toBe(false);
  });
});
