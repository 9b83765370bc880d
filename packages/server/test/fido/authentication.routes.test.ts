import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
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
const { client, withOrganization, page, register, authenticate, callbacks } = fidoCalls(() => t);

describe('authentication ceremony through the link', () => {
  it("with user_identifier: offers that user's credentials, completes, names the user, queues the callback", async () => {
    const c = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator, 'sam');
    const { id, options, verified } = await authenticate(c, authenticator, {
      user_identifier: 'sam',
    });
    expect((options.allowCredentials as unknown[]).length).toBe(1);
    expect(options).toMatchObject({ rpId: 'login.acme.test', userVerification: 'required' });
    expect(verified.body).toEqual({ status: 'COMPLETED' });
    const got = await c.call('GET', `/api/v1/authentications/${id}`);
    expect(got.body).toMatchObject({
      status: 'COMPLETED',
      user_identifier: 'sam',
      user: { user_identifier: 'sam', registered: true },
    });
    const [callback] = await callbacks('https://rp.example/cb/4uth', id);
    const { jwt, ...resource } = callback ?? {};
    expect(resource).toEqual(got.body);
    expect(
      (await jwtVerify(String(jwt), createLocalJWKSet(await t.ctx.keys.jwks()))).payload,
    ).toMatchObject({ status: 'COMPLETED' });
  });

  it('without user_identifier: empty allowCredentials, the passkey finds its user', async () => {
    const c = await withOrganization({ require_resident_key: true });
    const authenticator = new SoftAuthenticator();
    await register(c, new SoftAuthenticator(), 'other');
    await register(c, authenticator, 'tess');
    const { id, options, verified } = await authenticate(c, authenticator);
    expect(options.allowCredentials).toEqual([]);
    expect(verified.status).toBe(200);
    const got = await c.call('GET', `/api/v1/authentications/${id}`);
    expect(got.body).toMatchObject({ status: 'COMPLETED', user: { user_identifier: 'tess' } });
    expect(got.body).not.toHaveProperty('user_identifier');
  });

  it('rejects a credential of another organization, another origin, and a replayed counter', async () => {
    const c = await withOrganization();
    const other = await withOrganization();
    const authenticator = new SoftAuthenticator();
    await register(other, authenticator, 'uma');
    const foreign = await authenticate(c, authenticator);
    expect(foreign.verified.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: 'This credential is not registered.',
    });
    expect((await c.call('GET', `/api/v1/authentications/${foreign.id}`)).body.status).toBe(
      'ERROR',
    );

    const wrongOrigin = await authenticate(
      other,
      authenticator,
      {},
      'https://login.acme.test.evil.test',
    );
    expect(wrongOrigin.verified.status).toBe(400);
    expect((await other.call('GET', `/api/v1/authentications/${wrongOrigin.id}`)).body.status).toBe(
      'ERROR',
    );

    const ok = await authenticate(other, authenticator);
    expect(ok.verified.status).toBe(200);
    const credential = authenticator.credentials[0];
    if (credential) credential.counter -= 2; // a cloned authenticator lags behind
    const cloned = await authenticate(other, authenticator);
    expect(cloned.verified.status).toBe(400);
    expect(cloned.verified.body.description).toMatch(/counter/i);
  });

  it("with user_identifier: another user's credential is refused", async () => {
    const c = await withOrganization();
    const victor = new SoftAuthenticator();
    await register(c, victor, 'victor');
    await register(c, new SoftAuthenticator(), 'wendy');
    const created = await c.call('POST', '/api/v1/authentications', { user_identifier: 'wendy' });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialRequestOptionsJSON;
    const response = victor.authenticate({ ...options, allowCredentials: [] }, origin);
    expect((await page('POST', `${path}/verify`, { secret, response })).body).toMatchObject({
      description: 'This credential belongs to another user.',
    });
  });

  it('an expired authentication link cannot be used', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/authentications', {});
    const { path, secret } = parseLink(created.body.user_link);
    t.clock.advance(10 * 60 * 1000);
    expect((await page('POST', `${path}/options`, { secret })).status).toBe(410);
    const shown = await page('GET', path);
    expect(shown.text).toContain('expired');
  });
});

describe('pages', () => {
  it('serves the page with one Continue button, strict headers, and the bundled script', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/authentications', {});
    const shown = await page('GET', parseLink(created.body.user_link).path);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.text.match(/<button/g)).toHaveLength(1);
    expect(shown.text).toContain('>Continue</button>');
    expect(shown.text).toContain('Sign in to Acme');
    const script = await page('GET', '/fido/assets/ceremony.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('navigator.credentials');
  });

  it('an unknown link shows a clear 404 page; names are escaped', async () => {
    const shown = await page('GET', '/fido/registrations/does-not-exist');
    expect(shown.status).toBe(404);
    expect(shown.text).toContain('This link is not valid.');
    const c = await client();
    await c.call('POST', '/api/v1/organizations', {
      name: '<script>x</script>',
      domain_name: 'acme.test',
    });
    const created = await c.call('POST', '/api/v1/authentications', {});
    const escaped = await page('GET', parseLink(created.body.user_link).path);
    expect(escaped.text).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(escaped.text).not.toContain('<script>x');
  });

  it('the FIDO OpenAPI document lists the API', async () => {
    const doc = (await page('GET', '/docs/fido/openapi.json')).body as { info: Json; paths: Json };
    expect(doc.info.version).toBe('1.5.1');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/organizations',
        '/api/v1/organizations/{id}',
        '/api/v1/redirect_uris',
        '/api/v1/users',
        '/api/v1/users/search',
        '/api/v1/registrations',
        '/api/v1/users/{user_id}/registrations',
        '/api/v1/authentications',
        '/api/v1/authentications/{id}',
      ]),
    );
  });
});
