import { DeviceClient } from '@svc/sdk';
import { afterAll, beforeAll } from 'vitest';
import { injectFetch, testApp, type TestApp } from './helpers.js';

/**
 * The app the whole-API tests (robustness, fuzzer) drive: a registered device, and every route of
 * the three OpenAPI documents. One address sends every request, so the failed-authentication
 * limits are off here (they have their own tests).
 */
export function useRouteMatrix() {
  const state = {} as { t: TestApp; device: DeviceClient };
  const routes: { method: string; path: string }[] = [];
  beforeAll(async () => {
    state.t = await testApp({
      rateLimitAuthFailuresPerAddress: 0,
      rateLimitAuthFailuresPerToken: 0,
    });
    state.device = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    await state.device.register();
    for (const area of ['sandbox', 'main', 'fido']) {
      const doc = (
        await state.t.app.inject({ method: 'GET', url: `/docs/${area}/openapi.json` })
      ).json<{ paths: Record<string, Record<string, unknown>> }>();
      for (const [path, methods] of Object.entries(doc.paths))
        for (const method of Object.keys(methods))
          routes.push({ method: method.toUpperCase(), path });
    }
  });
  afterAll(async () => state.t.close());
  return { state, routes };
}
