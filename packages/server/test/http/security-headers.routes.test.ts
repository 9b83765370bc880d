import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fidoCalls } from '../fido.kit.js';
import { useTestApp } from '../helpers.js';
import { rpClient } from '../identity.kit.js';

const state = useTestApp((t) => ({ rp: rpClient(t) }));
const fido = fidoCalls(() => state.t);

const inject = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => state.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** What every JSON answer carries: never sniffed as another type, never kept by a cache. */
function expectJsonHeaders(res: LightMyRequestResponse, what: string): void {
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['cache-control'], what).toBe('no-store');
}

describe('JSON answers', () => {
  it('successes and errors of every kind, router failures included', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await inject('GET', '/healthz')],
      ['jwks', await inject('GET', '/jwks')],
      ['unknown route', await inject('GET', '/nope')],
      ['bad escape', await inject('GET', '/api/v2/devices/%ZZ')],
      ['overlong id', await inject('GET', `/api/v2/devices/${'a'.repeat(600)}`)],
      ['NUL', await inject('GET', '/api/v2/devices/a%00b')],
      ['bad token', await inject('POST', '/api/v2/verifications', { authorization: 'Bearer x' })],
      ['openapi', await inject('GET', '/docs/main/openapi.json')],
    ];
    for (const [what, res] of answers) expectJsonHeaders(res, what);
  });

  it('answers that carry a secret: a FIDO user link, a rotated client secret', async () => {
    const { apiKey, org } = await fido.withOrganization();
    const authorization = `SVC ${apiKey}`;
    const link = await inject('POST', '/api/v1/authentications', { authorization }, {});
    expect(link.statusCode).toBe(201);
    expect(link.json()).toHaveProperty('user_link');
    expectJsonHeaders(link, 'authentication');
    const secret = await inject('POST', `/api/v1/organizations/${String(org.id)}/client_secret`, {
      authorization,
    });
    expect(secret.statusCode).toBeLessThan(300);
    expectJsonHeaders(secret, 'client secret');
  });

  it('signed answers still verify (the signature covers neither header); long polls carry them', async () => {
    const signed = await state.rp.request('GET', '/api/v2/svcfications?user_identifier=nobody');
    expect(signed.headers.get('x-signature')).toBeTruthy();
    expect(signed.headers.get('cache-control')).toBe('no-store');
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
    const { id } = (
      await inject('POST', '/api/v2/svccodes', {}, { relying_party_id: state.t.customer.id })
    ).json<{ id: string }>();
    expectJsonHeaders(await inject('GET', `/api/v2/svccodes/${id}?wait=0`), 'svccode status');
  });

  it("the OpenID Provider's own answers are not sniffed either", async () => {
    const { org } = await fido.withOrganization();
    const discovery = await inject(
      'GET',
      `/oidc/${String(org.id)}/.well-known/openid-configuration`,
    );
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API reference pages (Swagger UI)', () => {
  it.each(['main', 'fido', 'sandbox'])(
    '/docs/%s: a strict CSP, never framed, its assets served',
    async (name) => {
      const page = await inject('GET', `/docs/${name}`);
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(assets.length).toBeGreaterThanOrEqual(5);
      for (const asset of [...assets, `/docs/${name}/json`]) {
        const res = await inject('GET', asset);
        expect(res.statusCode, asset).toBe(200);
        expect(res.headers['x-content-type-options'], asset).toBe('nosniff');
      }
    },
  );
});
