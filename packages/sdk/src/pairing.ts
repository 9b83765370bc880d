import type { PairedSvccode, UserBindingBody, UserDeviceResponse } from '@svc/wire/web';
import type { DeviceClient } from './device-client.js';
import type { SignedClient } from './signed-client.js';

/** Device side: pairs the registered device with the code it scanned (`device.pair(payload)`). */
export async function pairSvccode(device: DeviceClient, payload: string): Promise<void> {
  await device.pair(payload);
}

/** RP side (server credentials): which device paired with the code; answers once, then 404. */
export async function getPairedSvccode(rp: SignedClient, id: string): Promise<PairedSvccode> {
  return (
    await rp.request<PairedSvccode>('GET', `/api/v2/paired_svccodes/${encodeURIComponent(id)}`)
  ).body;
}

/**
 * RP side: binds the user who scanned the code to the RP's identifier. Answers the device binding
 * it made (inactive; its `id` activates it through `setBindingActive`).
 */
export async function bindUser(
  rp: SignedClient,
  svccodeId: string,
  userIdentifier: string,
): Promise<UserDeviceResponse> {
  return (
    await rp.request<UserDeviceResponse>('POST', '/api/v2/user_bindings', {
      svccode_id: svccodeId,
      user_identifier: userIdentifier,
    } satisfies UserBindingBody)
  ).body;
}
