import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { setTimeout as delay } from 'node:timers/promises';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, parseLink, type Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { withOrganization, page, register, callbacks } = fidoCalls(() => t);

describe('registration ceremony through the link', () => {
  it('completes, marks the user registered, and queues a COMPLETED callback whose jwt verifies', async () => {
    const c = await withOrganization();
    const { id, options, verified } = await register(c, new SoftAuthenticator());
    expect(options).toMatchObject({
      rp: { id: 'login.acme.test', name: 'Acme' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    expect(verified).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    const reg = await c.call('GET', `/api/v1/registrations/${id}`);
    expect(reg.body).toMatchObject({
      status: 'COMPLETED',
      user: { registered: true, user_identifier: 'alice' },
    });
    const [callback] = await callbacks('https://rp.example/cb/r4nd0m', id);
    const { jwt, ...resource } = callback ?? {};
    expect(resource).toEqual(reg.body);
    const { payload, protectedHeader } = await jwtVerify(
      String(jwt),
      createLocalJWKSet(await t.ctx.keys.jwks()),
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject(resource);
  });

  it('a used link cannot be used again (410) and its page says so', async () => {
    const c = await withOrganization();
    const { path, secret, verified } = await register(c, new SoftAuthenticator());
    expect(verified.status).toBe(200);
    expect((await page('POST', `${path}/options`, { secret })).body).toMatchObject({
      error: 'FIDO_LINK_USED',
    });
    expect((await page('POST', `${path}/verify`, { secret, response: {} })).status).toBe(410);
    const shown = await page('GET', path);
    expect(shown.status).toBe(410);
    expect(shown.text).toContain('already been used');
    expect(shown.text).not.toContain('Continue');
  });

  it('a forged secret is 404 and leaves the link usable', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'kim' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    expect((await page('POST', `${path}/options`, { secret: `${secret}x` })).body).toMatchObject({
      error: 'FIDO_LINK_INVALID',
    });
    expect((await page('POST', `${path}/verify`, { secret: 'guess', response: {} })).status).toBe(
      404,
    );
    expect((await page('POST', `${path}/options`, {})).status).toBe(400);
    expect((await page('POST', `${path}/options`, { secret })).status).toBe(200);
    expect((await page('POST', '/fido/registrations/unknown/options', { secret })).status).toBe(
      404,
    );
  });

  it('applies the organization flags to the options', async () => {
    const c = await withOrganization({
      require_platform_authenticator: true,
      require_resident_key: true,
      verify_attestation_statement: true,
    });
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'pia' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    expect((await page('POST', `${path}/options`, { secret })).body).toMatchObject({
      attestation: 'direct',
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        authenticatorAttachment: 'platform',
        userVerification: 'required',
      },
    });
  });

  it('accepts a verified packed attestation when statements are required, and redirects when asked', async () => {
    const c = await withOrganization({ verify_attestation_statement: true });
    await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://acme.test/welcome' });
    const user = await c.call('POST', '/api/v1/users', { name: 'Quinn', user_identifier: 'quinn' });
    const created = await c.call('POST', `/api/v1/users/${String(user.body.id)}/registrations`, {
      redirect_url: 'https://acme.test/welcome',
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    const verified = await page('POST', `${path}/verify`, {
      secret,
      response: new SoftAuthenticator({ fmt: 'packed' }).register(options, origin),
    });
    expect(verified.body).toEqual({
      status: 'COMPLETED',
      redirect_url: 'https://acme.test/welcome',
    });
  });

  it('a user named after an identifier with line breaks gets a one-line name', async () => {
    const c = await withOrganization();
    await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'eve\nEvil\u2028line' },
    });
    const found = await c.call('POST', '/api/v1/users/search', {
      user_identifier: 'eve\nEvil\u2028line',
    });
    expect((found.body.users as Json[])[0]?.name).toBe('eve Evil line');
  });

  it('re-enrolling excludes the credentials the user already has', async () => {
    const c = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator, 'rae');
    const user = (
      (await c.call('POST', '/api/v1/users/search', { user_identifier: 'rae' })).body
        .users as Json[]
    )[0];
    const created = await c.call('POST', `/api/v1/users/${String(user?.id)}/registrations`, {});
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret })).body;
    expect(options.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
  });
});

// A race: on PostgreSQL (READ COMMITTED) the two transactions overlap; SQLite runs one at a time.
// Tried for several users at once and in several rounds, as one pair may not interleave.
describe('registration racing the removal of the only passkey', () => {
  it('ends with the new passkey and the user registered', async () => {
    const c = await withOrganization();
    const inject = async (method: 'GET' | 'DELETE', url: string) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `SVC ${c.apiKey}` },
      });
      return { status: res.statusCode, body: res.body ? res.json<Json>() : {} };
    };
    const registered = async (identifier: string) =>
      (
        (await c.call('POST', '/api/v1/users/search', { user_identifier: identifier })).body
          .users as Json[]
      )[0]?.registered;

    /** A user with one passkey and a link to enroll another, opened up to its verify call. */
    async function swap(identifier: string, delayMs: number) {
      await register(c, new SoftAuthenticator(), identifier);
      const found = await c.call('POST', '/api/v1/users/search', { user_identifier: identifier });
      const user = String((found.body.users as Json[])[0]?.id);
      const credentials = `/api/v1/users/${user}/credentials`;
      const [old] = (await inject('GET', credentials)).body.credentials as Json[];
      const created = await c.call('POST', `/api/v1/users/${user}/registrations`, {});
      const { path, secret } = parseLink(created.body.user_link);
      const options = await page('POST', `${path}/options`, { secret });
      const response = new SoftAuthenticator().register(options.body as never, origin);
      return async () => {
        const [verified, deleted] = await Promise.all([
          page('POST', `${path}/verify`, { secret, response }),
          delay(delayMs).then(() => inject('DELETE', `${credentials}/${String(old?.id)}`)),
        ]);
        expect([verified.status, deleted.status]).toEqual([200, 204]);
        expect((await inject('GET', credentials)).body.credentials).toHaveLength(1);
        expect(await registered(identifier)).toBe(true);
      };
    }

    // The removal starts 0–3 ms after the verify, which judges the response before its
    // transaction: the two transactions must overlap for the race to happen at all.
    for (let round = 0; round < 20; round++) {
      const races = [];
      for (let i = 0; i < 4; i++) races.push(await swap(`swap-${round}-${i}`, i));
      await Promise.all(races.map((race) => race()));
    }
  });
});
