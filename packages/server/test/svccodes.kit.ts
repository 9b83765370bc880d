import { deviceSigHeader, DeviceClient, RpClient, SvcApiError, SvccodeClient } from '@svc/sdk';
import { injectFetch, type TestApp } from './helpers.js';

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

/** The relying party of the test app's customer, on the app's clock. */
export function rpClient(t: TestApp): RpClient {
  return new RpClient({
    baseUrl: 'http://svc',
    credentials: t.customer.server_credentials,
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
  });
}

/** The browser side: creates codes and polls them. */
export function browserClient(t: TestApp): SvccodeClient {
  return new SvccodeClient({
    baseUrl: 'http://svc',
    fetch: injectFetch(t.app),
    now: () => t.clock.now(),
  });
}

/**
 * The calls the svccode route tests make, against the test app of their file (`current()`, made
 * in its beforeAll).
 */
export function svccodeCalls(current: () => TestApp) {
  const fetchVia = () => injectFetch(current().app);
  const newDevice = (creds = current().customer.sdk_credentials) =>
    new DeviceClient({
      baseUrl: 'http://svc',
      credentials: creds,
      fetch: fetchVia(),
      now: () => current().clock.now(),
    });
  const registered = async (creds = current().customer.sdk_credentials) => {
    const device = newDevice(creds);
    await device.register();
    return device;
  };
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    current().app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const pairRaw = async (
    device: DeviceClient,
    payload: unknown,
    identifier: unknown = device.identifier,
    sig?: string | null,
  ) =>
    post(
      '/api/v2/paired_svccodes',
      { identifier, payload },
      sig === null ? {} : { 'x-device-sig': sig ?? (await deviceSigHeader(device.keys.device)) },
    );

  return { fetchVia, registered, post, pairRaw };
}
