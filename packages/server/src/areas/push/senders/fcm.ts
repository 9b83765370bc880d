import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import type { Sender } from './sender.js';

/** The fields of a Firebase service account's JSON key that svc uses. */
interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const scope = 'https://www.googleapis.com/auth/firebase.messaging';

/** Reads the service account's key file; throws at start when it lacks a field. */
export function readServiceAccount(path: string): ServiceAccount {
  const account = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServiceAccount>;
  for (const field of ['project_id', 'client_email', 'private_key', 'token_uri'] as const)
    if (typeof account[field] !== 'string' || account[field] === '')
      throw new Error(`FCM service account ${path}: ${field} is missing`);
  return account as ServiceAccount;
}

/**
 * FCM HTTP v1: a data message with high Android priority, authorized by an OAuth 2.0 access token
 * that the service account's signed JWT is exchanged for (RFC 7523), kept until shortly before it
 * expires. A 401 drops the token, so the retry gets a new one.
 */
export function fcmSender(options: { account: ServiceAccount; baseUrl: string }): Sender {
  const { account } = options;
  const url = new URL(
    `v1/projects/${account.project_id}/messages:send`,
    withSlash(options.baseUrl),
  );
  // One exchange at a time: concurrent sends wait for the same token.
  let cached: Promise<{ token: string; until: number }> | null = null;

  async function accessToken(signal?: AbortSignal): Promise<string> {
    const current = cached && (await cached.catch(() => null));
    if (current && Date.now() < current.until) return current.token;
    cached = exchange(signal);
    return (await cached).token;
  }

  async function exchange(signal?: AbortSignal): Promise<{ token: string; until: number }> {
    const key = await importPKCS8(account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: timeout(signal),
    });
    if (!response.ok) throw new Error(`FCM token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('FCM token endpoint: no token');
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { token: body.access_token, until: Date.now() + (lifetime - 60) * 1000 };
  }

  return async (channel, message, { ttlSeconds, signal }) => {
    const token = await accessToken(signal);
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token: channel.address,
          data: message,
          android: { priority: 'high', ttl: `${ttlSeconds}s` },
        },
      }),
      signal: timeout(signal),
    });
    await response.body?.cancel();
    if (response.status === 401) cached = null;
    return response.status;
  };
}

export function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

export function timeout(signal?: AbortSignal): AbortSignal {
  const limit = AbortSignal.timeout(10_000);
  return signal ? AbortSignal.any([signal, limit]) : limit;
}
