import { svcAuthorization } from '@svc/wire';
import type { Credentials } from '@svc/sdk';
import { load, type BenchResult } from './run.js';

/**
 * The Date and Authorization headers of `GET {path}` signed with `credentials` now: the Date
 * changes once a second, so the signature is remade only then.
 */
export function signingGets(
  credentials: Credentials,
  path: string,
  now: () => Date = () => new Date(),
): () => { date: string; authorization: string } {
  let signed = { date: '', authorization: '' };
  return () => {
    const date = now().toUTCString();
    if (date === signed.date) return signed;
    const parts = { method: 'GET', body: '', contentType: '', date, path };
    return (signed = {
      date,
      authorization: svcAuthorization(credentials.token, credentials.secret, parts),
    });
  };
}

/** `GET {path}` HMAC-signed with `credentials` for every request, answered with a signed response. */
export function signedGets(
  name: string,
  baseUrl: string,
  path: string,
  credentials: Credentials,
  options: { seconds: number; connections: number },
): Promise<BenchResult> {
  const signed = signingGets(credentials, path);
  return load({
    name,
    url: `${baseUrl}${path}`,
    ...options,
    freshHeaders: signed,
  });
}
