import { DeviceClient, payloads, type RpClient, SvcApiError } from '@svc/sdk';
import type { Config } from '../src/config/index.js';
import { injectFetch, useTestApp, type TestApp } from './helpers.js';
import { rpClient } from './identity.kit.js';

export { rpClient };

/** The HTTP status a client call ends with (a success's own status, else 200). */
export const status = (promise: Promise<unknown>) =>
  promise.then(
    (r) => (r as { status?: number } | undefined)?.status ?? 200,
    (e: unknown) => (e instanceof SvcApiError ? e.status : -1),
  );

/** The error body a client call fails with (null when it succeeds). */
export const bodyOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e as SvcApiError).body as Record<string, unknown>,
  );

export type Svc = {
  id: string;
  status: string;
  result: Record<string, unknown> | null;
  expires_at: string;
  user_identifier: string | null;
};

/**
 * The calls the svcfication route tests make, against the test app and relying party of their
 * file (`current()` and `currentRp()`, made in its beforeAll).
 */
export function svcficationCalls(current: () => TestApp, currentRp: () => RpClient) {
  let counter = 0;

  /** A registered, bound and activated device with a registered document. */
  async function user(options: { document?: boolean; activate?: boolean } = {}) {
    const t = current();
    const rp = currentRp();
    const identifier = `user-${++counter}`;
    const device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: t.customer.sdk_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    const registered = await device.register();
    const binding = await rp.bindDevice(registered.identifier, identifier);
    if (options.activate !== false) {
      await rp.setBindingActive(binding.id, true);
      await rp.setDeviceActive(registered.identifier, true);
    }
    if (options.document !== false) await device.registerDocument({ hash: `doc-${identifier}` });
    return {
      identifier,
      device,
      keys: await device.keys(),
      svcId: registered.svc_id,
      bindingId: binding.id,
      docHash: `doc-${identifier}`,
    };
  }

  const create = (body: Record<string, unknown>) =>
    currentRp()
      .request<Svc>('POST', '/api/v2/svcfications', { action: 'login', resource: 'web', ...body })
      .then((r) => r.body);
  const read = (id: string, query = '') =>
    currentRp()
      .request<Svc>('GET', `/api/v2/svcfications/${id}${query}`)
      .then((r) => r.body);
  const next = (device: DeviceClient, query = '') =>
    device.signed<Svc | undefined>('GET', `/api/v2/svcfications/next${query}`);
  /** Posts `list`, whose payloads the SDK may still be signing (WebCrypto signs asynchronously). */
  const respond = async (device: DeviceClient, list: Promise<string>[] | Promise<string[]>) =>
    device.signed('POST', '/api/v2/svcfication_responses', {
      payloads: Array.isArray(list) ? await Promise.all(list) : await list,
    });

  function answer(u: Awaited<ReturnType<typeof user>>, id: string, level: number) {
    const { keys, device } = u;
    const list = [payloads.deviceAr(keys, id, device.identifier)];
    if (level >= 2) list.push(payloads.userPresence(keys, id, device.identifier));
    if (level >= 3) list.push(payloads.license(keys, id, device.identifier, u.docHash));
    return Promise.all(list);
  }

  return { user, create, read, next, respond, answer };
}

/**
 * The test app (with `config`) and relying party of a svcfication route-test file, made in its
 * beforeAll and closed in its afterAll, with the svcfication calls against them. `state` is
 * filled once set-up ran.
 */
export function useSvcficationApp(config: Partial<Config> = {}) {
  const state = useTestApp((t) => ({ rp: rpClient(t) }), config);
  return {
    state,
    ...svcficationCalls(
      () => state.t,
      () => state.rp,
    ),
  };
}
