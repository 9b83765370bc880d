import { createHash, randomBytes } from 'node:crypto';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { FetchLike } from '@svc/sdk';
import { clients, ok, origin, registeredUser } from './fido-finish.js';
import { lightFetch } from './light-fetch.js';
import { summarize, type BenchResult } from './run.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

const redirectUri = 'https://rp.bench.example/callback';
/** Users signing in at once, each with an authenticator of its own. */
const concurrency = 16;

/** A browser's cookies for svc: what each answer sets, sent with the next request. */
function browser(fetch: FetchLike, baseUrl: string) {
  const jar = new Map<string, string>();
  return async (method: 'GET' | 'POST', path: string, body?: string, type?: string) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { cookie, ...(type ? { 'content-type': type } : {}) },
      ...(body === undefined ? {} : { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

const json = 'application/json';
/** The path and query of a URL, relative or absolute (a Location, a `redirect_to`). */
const pathOf = (location: string | null) => {
  const url = new URL(location ?? '', 'http://svc');
  return `${url.pathname}${url.search}`;
};

/**
 * One sign-in as a relying party and a fresh browser make it: the authorization request with PKCE,
 * the sign-in page's passkey start and finish (the authenticator signs in this process), the
 * return to the provider, and the code exchanged at the token endpoint. True when tokens came back.
 */
async function signIn(
  fetch: FetchLike,
  baseUrl: string,
  client: { organization: string; clientId: string },
  authenticator: SoftAuthenticator,
): Promise<boolean> {
  const send = browser(fetch, baseUrl);
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid',
    state: randomBytes(8).toString('base64url'),
    nonce: randomBytes(8).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorized = await send('GET', `/oidc/${client.organization}/auth?${query}`);
  const interaction = pathOf(authorized.headers.get('location'));
  const started = await send('POST', `${interaction}/passkey`, '{}', json);
  const options = (await started.json()) as PublicKeyCredentialRequestOptionsJSON;
  const response = authenticator.authenticate(options, origin);
  const finish = await send(
    'POST',
    `${interaction}/passkey/finish`,
    JSON.stringify({ response }),
    json,
  );
  const { redirect_to: resume } = (await finish.json()) as { redirect_to: string };
  const back = await send('GET', pathOf(resume));
  const code = new URL(back.headers.get('location') ?? '', 'http://rp').searchParams.get('code');
  if (!code) return false;
  const exchange = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: client.clientId,
  });
  const form = 'application/x-www-form-urlencoded';
  const tokens = await send(
    'POST',
    `/oidc/${client.organization}/token`,
    exchange.toString(),
    form,
  );
  return (
    tokens.status === 200 &&
    typeof ((await tokens.json()) as { id_token?: unknown }).id_token === 'string'
  );
}

/**
 * Full OpenID Connect sign-ins with a passkey against the organization's provider, `concurrency`
 * users at once for `length` seconds each run (`around` times one run). Users are registered
 * before the clock starts.
 */
export async function oidcSignIns(
  url: string,
  apiKey: string,
  organization: { id: string; clientId: string },
  around: (run: (length: number) => Promise<BenchResult>) => Promise<BenchResult>,
): Promise<BenchResult> {
  const { api, page, close } = clients(url, apiKey);
  await ok(api, 'POST', '/api/v1/redirect_uris', { uri: redirectUri });
  const users = await Promise.all(
    Array.from({ length: concurrency }, (_, i) => registeredUser(api, page, `bench-oidc-${i}`)),
  );
  const http = lightFetch();
  const client = { organization: organization.id, clientId: organization.clientId };
  const row = await around(async (length) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const end = started + length * 1000;
    await Promise.all(
      users.map(async (authenticator) => {
        while (performance.now() < end) {
          const start = performance.now();
          const signedIn = await signIn(http.fetch, url, client, authenticator).catch(() => false);
          if (signedIn) latencies.push(performance.now() - start);
          else errors += 1;
        }
      }),
    );
    const name = 'OIDC passkey sign-in (authorize, passkey, code, token)';
    return summarize(name, latencies, (performance.now() - started) / 1000, errors);
  });
  http.close();
  close();
  return row;
}
