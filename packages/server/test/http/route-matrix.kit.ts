import { DeviceClient } from '@svc/sdk';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { injectFetch, testApp, type TestApp } from '../helpers.js';

/** A route of the documents; `oauth`: one of the OpenID Provider's, which answers OAuth errors. */
export interface MatrixRoute {
  method: string;
  path: string;
  oauth: boolean;
}

/**
 * The app the whole-API tests (robustness, fuzzer) drive: a registered device, an organization
 * with a redirect URI (another customer's, so the matrix customer's FIDO calls find none), and
 * every route of the three OpenAPI documents. One address sends every request, so the
 * failed-authentication limits are off here (they have their own tests).
 */
export function useRouteMatrix() {
  const state = {} as { t: TestApp; device: DeviceClient; organizationId: string };
  const routes: MatrixRoute[] = [];
  beforeAll(async () => {
    state.t = await testApp({
      rateLimitAuthFailuresPerAddress: 0,
      rateLimitAuthFailuresPerToken: 0,
    });
    state.device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    await state.device.register();
    state.organizationId = await providerOrganization(state.t);
    for (const area of ['sandbox', 'main', 'fido']) {
      const doc = (
        await state.t.app.inject({ method: 'GET', url: `/docs/${area}/openapi.json` })
      ).json<{ paths: Record<string, Record<string, unknown>> }>();
      for (const [path, methods] of Object.entries(doc.paths))
        for (const method of Object.keys(methods))
          routes.push({ method: method.toUpperCase(), path, oauth: path.startsWith('/oidc/') });
    }
  });
  afterAll(async () => state.t.close());
  return { state, routes };
}

/** An organization whose provider the `/oidc/{organization_id}` routes can reach (a public client). */
async function providerOrganization(t: TestApp): Promise<string> {
  const authorization = `SVC ${(await t.newCustomer('matrix-oidc')).fido_api_key}`;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  const org = await post('/api/v1/organizations', { name: 'Matrix', domain_name: 'localhost' });
  await post('/api/v1/redirect_uris', { uri: 'https://rp.matrix.test/callback' });
  const id = org.json<{ id: string }>().id;
  // The first provider of a store adds its RS256 signing key: made here, not by a refused request.
  await t.app.inject({ url: `/oidc/${id}/.well-known/openid-configuration` });
  return id;
}

/**
 * Why an error answer is not the route's error body, or null: svc's Error body (`errors` for the
 * list shape of svcfication creation), or, on the provider's routes, an OAuth error (RFC 6749
 * §5.2) as well: svc's own refusals (an unknown organization, a malformed URL) come first.
 */
export function errorBodyProblem(route: MatrixRoute, res: LightMyRequestResponse): string | null {
  if (!String(res.headers['content-type']).startsWith('application/json')) return 'not JSON';
  const b = res.json<Record<string, unknown>>();
  const text = (value: unknown) => typeof value === 'string';
  const described = b.error_description === undefined || text(b.error_description);
  if (route.oauth && text(b.error) && !('message' in b) && described) return null;
  if (!text(b.message)) return 'no message';
  if (Array.isArray(b.errors)) return null;
  return text(b.error) && text(b.description) ? null : 'not an Error';
}
