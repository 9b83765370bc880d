import type { Kysely } from 'kysely';
import type { PushMessage } from '@svc/wire';
import type { Database, PushChannelsTable } from '../../core/store/schema.js';
import { channelsOfAddressees, type Addressees } from './channels-repo.js';
import type { PushDeps } from './deps.js';

/** The outbox payload of a wake-up: the message; the channel is read again when it is sent. */
export interface WakeUp {
  message: PushMessage;
}

/** A new svcfication, as the wake-ups need it. */
export interface Woken extends Addressees {
  id: string;
  relying_party: string;
  action: string;
  expires_at: string;
}

/**
 * Queues a wake-up for every active device with a push channel that the svcfication reaches, in
 * the caller's transaction: they exist exactly when the svcfication does. Answers how many
 * (the caller tells the outbox worker after the commit).
 */
export async function wakeDevices(
  deps: Pick<PushDeps, 'outbox'>,
  tx: Kysely<Database>,
  customerId: string,
  svcfication: Woken,
): Promise<number> {
  const channels = await channelsOfAddressees(tx, customerId, svcfication);
  for (const channel of channels) {
    const payload: WakeUp = {
      message: {
        type: 'svcfication',
        svcfication_id: svcfication.id,
        device_identifier: channel.device_identifier,
        relying_party: svcfication.relying_party,
        action: svcfication.action,
        expires_at: svcfication.expires_at,
      },
    };
    await deps.outbox.enqueue(tx, {
      kind: 'push',
      target: serviceOf(channel),
      payload,
      customerId,
    });
  }
  return channels.length;
}

/** What the worker's per-host cap counts: a Web Push service's origin, or FCM or APNs. */
function serviceOf(channel: PushChannelsTable): string {
  return channel.type === 'web_push' ? new URL(channel.address).origin : channel.type;
}
