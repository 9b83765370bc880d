import { DeviceClient, deviceSigHeader } from './device-client.js';
import { joinUrl, readJson, type FetchLike } from './http.js';
import type { SignedClient, UserDevice } from './rp-client.js';

/** Reads a DeviceClient's connection settings, which DeviceClient keeps protected. */
class Connection extends DeviceClient {
  static of(device: Connection): { baseUrl: string; fetch: FetchLike } {
    return { baseUrl: device.options.baseUrl, fetch: device.fetch };
  }
}

/**
 * Device side: pairs the registered device with the code it scanned. The call carries only
 * X-Device-Sig (no Authorization, so the answer is unsigned); 201 has no body.
 */
export async function pairSvccode(device: DeviceClient, payload: string): Promise<void> {
  if (!device.identifier) throw new Error('register the device before pairing');
  const { baseUrl, fetch } = Connection.of(device);
  const response = await fetch(joinUrl(baseUrl, '/api/v2/paired_svccodes'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-sig': await deviceSigHeader(device.keys.device) },
    body: JSON.stringify({ identifier: device.identifier, payload }),
  });
  await readJson<undefined>(response);
}

/** RP side (server credentials): which device paired with the code; answers once, then 404. */
export async function getPairedSvccode(rp: SignedClient, id: string): Promise<{ id: string; identifier: string }> {
  return (await rp.request<{ id: string; identifier: string }>('GET', `/api/v2/paired_svccodes/${encodeURIComponent(id)}`)).body;
}

/**
 * RP side: binds the user who scanned the code to the RP's identifier. Answers the device binding
 * it made (inactive; its `id` activates it through `setBindingActive`).
 */
export async function bindUser(rp: SignedClient, svccodeId: string, userIdentifier: string): Promise<UserDevice> {
  return (await rp.request<UserDevice>('POST', '/api/v2/user_bindings', { svccode_id: svccodeId, user_identifier: userIdentifier })).body;
}
