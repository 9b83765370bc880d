import type { Config } from '../../config/index.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { Ids } from '../../core/ids.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import { VapidKeys } from './vapid-keys.js';

/** What the push area's use cases stand on. */
export interface PushDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  outbox: Outbox;
  vapid: VapidKeys;
  config: Pick<Config, 'allowInsecureCallbacks' | 'fcmServiceAccountFile' | 'apnsKeyFile'>;
}

export function pushDeps(ctx: Context): PushDeps {
  const { clock, ids, outbox, config } = ctx;
  return {
    db: ctx.store.db,
    clock,
    ids,
    outbox,
    vapid: new VapidKeys(ctx.store.db, ctx.box),
    config,
  };
}
