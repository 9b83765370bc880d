import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FetchLike } from '@svc/sdk';
import { lightFetch } from './light-fetch.js';
import { summarize, type BenchResult } from './run.js';
import { SoftAuthenticator } from './soft-authenticator.js';

// Without SVC_FIDO_LINK_BASE a link opens on https://{domain_name}: the origin svc expects in responses.
export const domain = 'localhost';
export const origin = `https://${domain}`;

type Json = Record<string, unknown>;
export type Call = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Json }>;

/** JSON over loopback; `apiKey` for the FIDO API, none for the page calls (the link secret is the credential). */
function caller(fetch: FetchLike, baseUrl: string, apiKey?: string): Call {
  return async (method, path, body) => {
    const headers: Record<string, string> = {
      ...(apiKey ? { authorization: `SVC ${apiKey}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
}

/** Setup calls must succeed; only the measured verify counts errors. */
export async function ok(
  call: Call,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Json> {
  const res = await call(method, path, body);
  if (res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Path and secret of a `user_link`. */
function parseLink(userLink: unknown): { path: string; secret: string } {
  const url = new URL(String(userLink));
  return { path: url.pathname, secret: url.hash.slice(1) };
}

/** A prepared login: its link and the assertion the page will send. */
export interface Login {
  id: string;
  path: string;
  secret: string;
  response: AuthenticationResponseJSON;
}

/** A user registered through a registration link (options → authenticator → verify): its authenticator. */
export async function registeredUser(
  api: Call,
  page: Call,
  user: string,
): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator();
  const registration = parseLink(
    (await ok(api, 'POST', '/api/v1/registrations', { user: { user_identifier: user } })).user_link,
  );
  const creation = (await ok(page, 'POST', `${registration.path}/options`, {
    secret: registration.secret,
  })) as unknown as PublicKeyCredentialCreationOptionsJSON;
  await ok(page, 'POST', `${registration.path}/verify`, {
    secret: registration.secret,
    response: authenticator.register(creation, origin),
  });
  return authenticator;
}

/** A registered user, then `count` signed logins for it, in counter order. */
async function lane(api: Call, page: Call, user: string, count: number): Promise<Login[]> {
  const authenticator = await registeredUser(api, page, user);
  const logins: Login[] = [];
  for (let i = 0; i < count; i++) {
    const created = await ok(api, 'POST', '/api/v1/authentications', { user_identifier: user });
    const { path, secret } = parseLink(created.user_link);
    const request = (await ok(page, 'POST', `${path}/options`, {
      secret,
    })) as unknown as PublicKeyCredentialRequestOptionsJSON;
    logins.push({
      id: String(created.id),
      path,
      secret,
      response: authenticator.authenticate(request, origin),
    });
  }
  return logins;
}

/** Whether the page's last call completed `login`. */
async function finished(page: Call, login: Login): Promise<boolean> {
  const res = await page('POST', `${login.path}/verify`, {
    secret: login.secret,
    response: login.response,
  }).catch(() => undefined);
  return res?.status === 200 && res.body.status === 'COMPLETED';
}

/** The FIDO API's caller and the login page's, over one set of kept-alive connections. */
export function clients(url: string, apiKey: string): { api: Call; page: Call; close: () => void } {
  const http = lightFetch();
  return {
    api: caller(http.fetch, url, apiKey),
    page: caller(http.fetch, url),
    close: () => http.close(),
  };
}

/** The customer's organization on `localhost`, made once per run: its id and OpenID client id. */
export async function benchOrganization(
  url: string,
  apiKey: string,
): Promise<{ id: string; clientId: string }> {
  const { api, close } = clients(url, apiKey);
  const created = await ok(api, 'POST', '/api/v1/organizations', {
    name: 'bench',
    domain_name: domain,
    verify_attestation_statement: false,
  });
  close();
  return { id: String(created.id), clientId: String(created.oidc_client_id) };
}

/** `count` users of the customer's organization, each registered and given `perLane` logins in counter order. */
async function prepareLanes(
  { api, page }: { api: Call; page: Call },
  label: string,
  count: number,
  perLane: number,
): Promise<Login[][]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => lane(api, page, `${label}-${i}`, perLane)),
  );
}

/** Lanes of logins verified at once: a credential's counter must rise, so a lane is one user. */
const concurrency = 16;

/**
 * The login page's last call, `POST /fido/authentications/{id}/verify`: assertion check, counter
 * update and link closing. Links, challenges and signatures are made before the clock starts.
 * `around` gets a run that verifies the next `logins` for at most `length` seconds; logins are made
 * for two runs (a warm-up and the measured one).
 */
export async function fidoFinishes(
  url: string,
  apiKey: string,
  logins: number,
  around: (run: (length: number) => Promise<BenchResult>) => Promise<BenchResult>,
): Promise<BenchResult> {
  const perRun = Math.ceil(logins / concurrency);
  const { api, page, close } = clients(url, apiKey);
  const lanes = await prepareLanes({ api, page }, 'bench-fido', concurrency, 2 * perRun);
  const completed: string[] = [];
  const row = await around(async (length) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const end = started + length * 1000;
    await Promise.all(
      lanes.map(async (queue) => {
        for (let n = 0; n < perRun && performance.now() < end; n++) {
          const login = queue.shift();
          if (!login) return;
          const start = performance.now();
          if (!(await finished(page, login))) errors += 1;
          else {
            latencies.push(performance.now() - start);
            completed.push(login.id);
          }
        }
      }),
    );
    const name = 'FIDO finish-authentication (assertion verification + state change)';
    return summarize(name, latencies, (performance.now() - started) / 1000, errors);
  });
  // The state change must have landed: read back a spread of the completed links.
  const step = Math.max(1, Math.floor(completed.length / 20));
  for (let i = 0; i < completed.length; i += step) {
    const read = await api('GET', `/api/v1/authentications/${completed[i] ?? ''}`);
    if (read.body.status !== 'COMPLETED') row.errors += 1;
  }
  close();
  return row;
}
