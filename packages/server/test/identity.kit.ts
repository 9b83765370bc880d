import { DeviceClient, RpClient, SvcApiError } from '@svc/sdk';
import { svcAuthorization } from '@svc/wire';
import { injectFetch, useTestApp, type TestApp } from './helpers.js';

/**
 * The exact HTTP status a client call ends with. A success is read from the `{ status }` that
 * `request()` returns; a higher-level SDK call hides it, so its success fails the test instead of
 * being reported as some 2xx.
 */
export const status = (promise: Promise<unknown>) =>
  promise.then(
    (value) => {
      const answer = value as { status?: unknown } | undefined;
      if (typeof answer?.status === 'number') return answer.status;
      throw new Error('the call succeeded; use request() to assert its exact status');
    },
    (e: unknown) => {
      if (e instanceof SvcApiError) return e.status;
      throw e;
    },
  );

/** The error body a client call fails with (null when it succeeds). */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e as SvcApiError).body as Record<string, unknown>,
  );

/** The relying party of the test app's customer (or of other credentials), on the app's clock. */
export function rpClient(t: TestApp, credentials = t.customer.server_credentials): RpClient {
  return new RpClient({
    baseUrl: 'http://svc',
    credentials,
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
  });
}

/**
 * The calls the identity route tests make, against the test app of their file (`current()`, made
 * in its beforeAll).
 */
export function identityCalls(current: () => TestApp) {
  const newDevice = (creds = current().customer.sdk_credentials) =>
    new DeviceClient({
      baseUrl: 'http://svc',
      credentials: creds,
      fetch: injectFetch(current().app),
      now: () => current().clock.now(),
    });

  /** A raw signed request, to tamper with single parts. */
  function signedInject(
    parts: {
      method: 'GET' | 'POST' | 'PATCH';
      path: string;
      body?: string;
      contentType?: string;
      date?: string;
      /** The header that carries the date: X-Date (default) or the standard Date. */
      dateHeader?: 'x-date' | 'date';
    },
    tamper: Partial<{
      method: 'GET' | 'POST' | 'PATCH';
      path: string;
      body: string;
      contentType: string;
      date: string;
    }> = {},
    creds = current().customer.server_credentials,
  ) {
    const date = parts.date ?? current().clock.now().toUTCString();
    const signed = {
      method: parts.method,
      path: parts.path,
      body: parts.body ?? '',
      contentType: parts.contentType ?? '',
      date,
    };
    const authorization = svcAuthorization(creds.token, creds.secret, signed);
    const sent = { ...signed, ...tamper };
    return current().app.inject({
      method: sent.method,
      url: sent.path,
      payload: sent.body || undefined,
      headers: {
        authorization,
        [parts.dateHeader ?? 'x-date']: sent.date,
        ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
      },
    });
  }

  return { newDevice, signedInject };
}

/**
 * The set-up of an identity route-test file: a test app, the relying party of its customer (on the
 * app's clock) and the calls above. Call it at file level; `state.t` and `state.rp` are filled once
 * set-up ran.
 */
export function useIdentityApp() {
  const state = useTestApp((t) => ({ rp: rpClient(t) }));
  return { state, ...identityCalls(() => state.t) };
}
