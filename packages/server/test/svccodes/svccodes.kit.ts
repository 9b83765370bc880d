import { deviceSigHeader, DeviceClient, SvccodeClient } from '@svc/sdk';
import { injectFetch, useTestApp, type TestApp } from '../helpers.js';
import { identityCalls, rpClient } from '../identity.kit.js';

// The same client helpers as the identity tests.
export { errorOf, rpClient, status } from '../identity.kit.js';

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
  const { newDevice } = identityCalls(current);
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
      sig === null
        ? {}
        : { 'x-device-sig': sig ?? (await deviceSigHeader((await device.keys()).device)) },
    );

  return { registered, post, pairRaw };
}

/**
 * The set-up of a svccode route-test file: a test app, the relying party of its customer, the
 * browser side and the calls above. Call it at file level; `state.t`, `state.rp` and
 * `state.browser` are filled once set-up ran.
 */
export function useSvccodeApp() {
  const state = useTestApp((t) => ({ rp: rpClient(t), browser: browserClient(t) }));
  return { state, ...svccodeCalls(() => state.t) };
}
