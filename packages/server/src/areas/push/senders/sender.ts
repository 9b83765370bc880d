import type { PushMessage } from '@svc/wire';
import type { PushChannelsTable } from '../../../core/store/schema.js';

/**
 * Sends one wake-up to one channel and answers the push service's HTTP status; a network error or
 * a timeout throws. `id` is the outbox item's (APNs takes it as `apns-id`).
 */
export type Sender = (
  channel: PushChannelsTable,
  message: PushMessage,
  options: { id: string; ttlSeconds: number; signal?: AbortSignal },
) => Promise<number>;
