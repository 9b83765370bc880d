import type { PushChannelType } from '@svc/wire';
import type { Clock } from '../../core/clock.js';
import type { Metrics } from '../../core/metrics.js';
import type { Deliver } from '../../core/outbox/worker.js';
import type { Db } from '../../core/store/index.js';
import { channelOf, removeGoneChannel } from './channels-repo.js';
import type { Sender } from './senders/sender.js';
import type { WakeUp } from './wake-devices.js';

/**
 * The outbox handler of kind `push`: sends a wake-up to the device's channel as it is now (it may
 * have been replaced since the item was queued). Nothing is sent once the svcfication has
 * expired, or when the device has no channel left, or one this server cannot send to. A push
 * service's 404 or 410 removes that channel; any other answer than 2xx, a timeout or a network
 * error is retried by the worker, with its backoff.
 */
export function pushDeliverer(deps: {
  db: Db;
  clock: Clock;
  metrics: Pick<Metrics, 'pushSends'>;
  senders: Partial<Record<PushChannelType, Sender>>;
}): Deliver {
  return async ({ id, payload }, signal) => {
    const { message } = payload as WakeUp;
    const channel = await channelOf(deps.db, message.device_identifier);
    const count = (outcome: string) =>
      deps.metrics.pushSends.inc({ channel: channel?.type ?? 'none', outcome });
    const ttlSeconds = Math.floor(
      (Date.parse(message.expires_at) - deps.clock.now().getTime()) / 1000,
    );
    if (ttlSeconds <= 0) return count('expired');
    const send = channel && deps.senders[channel.type];
    if (!channel || !send) return count('dropped');
    let status: number;
    try {
      status = await send(channel, message, { id, ttlSeconds, signal });
    } catch (err) {
      count('retry');
      throw err;
    }
    if (status >= 200 && status < 300) return count('sent');
    if (status === 404 || status === 410) {
      await removeGoneChannel(deps.db, channel.id);
      return count('gone');
    }
    count('retry');
    throw new Error(`${channel.type} push service answered ${status}`);
  };
}
