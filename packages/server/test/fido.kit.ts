import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { expect } from 'vitest';
import type { SoftAuthenticator } from '../../bench/src/soft-authenticator.js';
import type { TestApp } from './helpers.js';

export const origin = 'https://login.acme.test';
export type Json = Record<string, unknown>;

/** Path and secret of a `user_link`. */
export function parseLink(userLink: unknown): { path: string; secret: string } {
  const url = new URL(String(userLink));
  return { path: url.pathname, secret: url.hash.slice(1) };
}

/**
 * The route tests give each customer's organization the domain of `origin`, as if each had its
 * own svc. One svc lets a domain be one customer's (409 otherwise), so the holder's claim is
 * released first.
 */
export async function releaseTestDomain(t: TestApp): Promise<void> {
  await t.store.db
    .updateTable('fido_organizations')
    .set({ domain_claim: null })
    .where('domain_claim', '=', new URL(origin).hostname)
    .execute();
}

/**
 * The calls the FIDO route tests make, against the test app of their file (`current()`, made in
 * its beforeAll).
 */
export function fidoCalls(current: () => TestApp) {
  /** A FIDO API caller: a fresh customer unless a key is given. */
  async function client(key?: string) {
    const apiKey = key ?? (await current().newCustomer()).fido_api_key;
    const call = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      auth: string | null = `SVC ${apiKey}`,
    ) => {
      const res = await current().app.inject({
        method,
        url,
        headers: auth ? { authorization: auth } : {},
        ...(payload === undefined ? {} : { payload: payload as Json }),
      });
      return { status: res.statusCode, body: res.body ? res.json<Json>() : {} };
    };
    return { apiKey, call };
  }

  async function withOrganization(flags: Json = {}, apiKey?: string) {
    const c = await client(apiKey);
    await releaseTestDomain(current());
    const org = await c.call('POST', '/api/v1/organizations', {
      name: 'Acme',
      domain_name: 'login.acme.test',
      verify_attestation_statement: false,
      ...flags,
    });
    expect(org.status).toBe(201);
    return { ...c, org: org.body };
  }

  const page = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await current().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    const isJson = String(res.headers['content-type']).startsWith('application/json');
    return {
      status: res.statusCode,
      body: isJson ? res.json<Json>() : {},
      text: res.body,
      headers: res.headers,
    };
  };

  async function register(
    c: Awaited<ReturnType<typeof withOrganization>>,
    authenticator: SoftAuthenticator,
    userIdentifier = 'alice',
    tamper: (r: RegistrationResponseJSON) => RegistrationResponseJSON = (r) => r,
    from = origin,
  ) {
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: userIdentifier, name: 'Alice' },
      callback_url: 'https://rp.example/cb/r4nd0m',
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = await page('POST', `${path}/options`, { secret });
    expect(options.status).toBe(200);
    const response = tamper(
      authenticator.register(
        options.body as unknown as PublicKeyCredentialCreationOptionsJSON,
        from,
      ),
    );
    const verified = await page('POST', `${path}/verify`, { secret, response });
    return { id: String(created.body.id), path, secret, options: options.body, verified };
  }

  async function authenticate(
    c: Awaited<ReturnType<typeof withOrganization>>,
    authenticator: SoftAuthenticator,
    body: Json = {},
    from = origin,
  ) {
    const created = await c.call('POST', '/api/v1/authentications', {
      callback_url: 'https://rp.example/cb/4uth',
      ...body,
    });
    expect(created.status).toBe(201);
    const { path, secret } = parseLink(created.body.user_link);
    const options = await page('POST', `${path}/options`, { secret });
    expect(options.status).toBe(200);
    const response: AuthenticationResponseJSON = authenticator.authenticate(
      options.body as unknown as PublicKeyCredentialRequestOptionsJSON,
      from,
    );
    const verified = await page('POST', `${path}/verify`, { secret, response });
    return { id: String(created.body.id), path, secret, options: options.body, verified };
  }

  /** The callbacks queued to a URL about one resource. */
  async function callbacks(target: string, id: string): Promise<Json[]> {
    const rows = await current()
      .store.db.selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'callback')
      .where('target', '=', target)
      .execute();
    return rows.map((r) => JSON.parse(r.payload) as Json).filter((p) => p.id === id);
  }

  return { client, withOrganization, page, register, authenticate, callbacks };
}
