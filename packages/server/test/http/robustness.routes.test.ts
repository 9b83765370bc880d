import { deviceSigHeader } from '@svc/sdk';
import { svcAuthorization } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { errorBodyProblem, useRouteMatrix } from './route-matrix.kit.js';

/**
 * Every route of every area, reached with hostile input and each kind of credential (so that
 * validation and the use cases run too): nothing may answer 5xx, and every error is a JSON body
 * (svc's Error, or the OpenID Provider's OAuth error on its routes, which also get the id of a
 * real organization so that the provider itself is reached).
 */
const { state, routes } = useRouteMatrix();

const params = ['x', '%00', 'a'.repeat(2000), '..%2F..%2Fetc', '%F0%9F%92%A9', "1' or '1'='1"];
const bodies: (string | undefined)[] = [
  undefined,
  '',
  '{}',
  '[]',
  'null',
  '"text"',
  '{"aamva": 1, "payloads": "x", "device_public_key": [], "user": null, "active": "yes", "desired_level": 99}',
  '{"payloads": ["a.b", "", "%%%.***"], "identifier": 5, "payload": {}, "relying_party_id": ["x"], "svccode_id": null}',
  JSON.stringify({
    action: 'a',
    resource: 'r',
    desired_level: 1,
    user_identifier: 'x'.repeat(300),
    callback_url: 'http://[::1',
  }),
  JSON.stringify({
    device_public_key: { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' },
    device_platform: 'ios',
  }),
  JSON.stringify({
    name: '\u0000\ud800',
    domain_name: '\u202e.test',
    uri: 'https://\u0000',
    user: { user_identifier: '\ud83d' },
  }),
  `{"deep": ${'['.repeat(500)}${']'.repeat(500)}}`,
];

type Auth = 'none' | 'server' | 'sdk' | 'user' | 'sandbox' | 'fido';
const auths: Auth[] = ['none', 'server', 'sdk', 'user', 'sandbox', 'fido'];

async function headersFor(
  auth: Auth,
  method: string,
  url: string,
  body: string | undefined,
): Promise<Record<string, string>> {
  const contentType = body === undefined ? '' : 'application/json';
  const base: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  if (auth === 'none') return base;
  if (auth === 'sandbox')
    return { ...base, authorization: `Bearer ${state.t.customer.sandbox_token}` };
  if (auth === 'fido') return { ...base, authorization: `SVC ${state.t.customer.fido_api_key}` };
  const creds = {
    server: state.t.customer.server_credentials,
    sdk: state.t.customer.sdk_credentials,
    user: state.t.customer.user_credentials,
  }[auth];
  const date = state.t.clock.now().toUTCString();
  const authorization = svcAuthorization(creds.token, creds.secret, {
    method,
    body: body ?? '',
    contentType,
    date,
    path: url,
  });
  return {
    ...base,
    authorization,
    'x-date': date,
    'x-device-sig': await deviceSigHeader((await state.device.keys()).device),
  };
}

describe('hostile input never yields a 5xx', () => {
  it('covers every route of the three areas', () => {
    expect(routes.length).toBeGreaterThan(35);
  });

  it('every route × parameters × bodies × credential kinds', async () => {
    const failures: string[] = [];
    const seen: Record<number, number> = {};
    for (const route of routes) {
      const own = route.path.includes('{organization_id}') ? [state.organizationId] : [];
      for (const param of route.path.includes('{') ? [...params, ...own] : ['']) {
        const url =
          route.path.replace(/\{[^}]+\}/g, param) +
          (route.method === 'GET' ? '?wait=0&user_identifier=%FF&limit=-1' : '');
        for (const body of route.method === 'GET' ? [undefined] : bodies) {
          for (const auth of auths) {
            const res = await state.t.app.inject({
              method: route.method as 'GET',
              url,
              headers: await headersFor(auth, route.method, url, body),
              ...(body === undefined ? {} : { payload: body }),
            });
            seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
            const problem = res.statusCode >= 400 && errorBodyProblem(route, res);
            if (res.statusCode >= 500 || problem)
              failures.push(
                `${route.method} ${url.slice(0, 80)} ${auth} ${String(body).slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The matrix really reaches validation and the use cases, not only the credential checks.
    for (const status of [200, 400, 401, 403, 404, 422])
      expect(seen[status], String(status)).toBeGreaterThan(0);
  }, 120_000);
});
