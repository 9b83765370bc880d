import { svcAuthorization } from '@svc/wire';
import type { Credentials } from '@svc/sdk';
import { load, type BenchResult } from './run.js';

/**
 * `GET {path}` HMAC-signed with `credentials` for every request (the Date changes each second,
 * so the signature is remade once a second), answered with a signed response.
 */
export function signedGets(
  name: string,
  baseUrl: string,
  path: string,
  credentials: Credentials,
  options: { seconds: number; connections: number },
): Promise<BenchResult> {
  let date = '';
  let authorization = '';
  return load({
    name,
    url: `${baseUrl}${path}`,
    ...options,
    setupRequest: (request) => {
      const now = new Date().toUTCString();
      if (now !== date) {
        date = now;
        const parts = { method: 'GET', body: '', contentType: '', date, path };
        authorization = svcAuthorization(credentials.token, credentials.secret, parts);
      }
      return { ...request, headers: { ...request.headers, date, authorization } };
    },
  });
}
