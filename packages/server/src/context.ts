import { ConfigError, loadConfig, sqlitePath, type Config } from './config/index.js';
import { CheckpointKey } from './core/audit/checkpoint-key.js';
import { AuditTrail } from './core/audit/trail.js';
import { systemClock, type Clock } from './core/clock.js';
import { sharedLimiters, type LimiterStore } from './core/limiters.js';
import { masterKeyMatches } from './core/crypto/key-check.js';
import { loadMasterKey, masterKeyOrigin, SecretBox } from './core/crypto/secret-box.js';
import { SigningKeys } from './core/crypto/signing-keys.js';
import { createMetrics, type Metrics } from './core/metrics.js';
import { Outbox } from './core/outbox/index.js';
import { randomIds, type Ids } from './core/ids.js';
import { openStore, type Store } from './core/store/index.js';
import { Waiters } from './core/waiters.js';

/** What both the server and the CLI commands stand on: config, store, secret box, clock, ids. */
export interface Context {
  config: Config;
  store: Store;
  box: SecretBox;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  outbox: Outbox;
  /** Long-poll wake-ups within this process. */
  waiters: Waiters;
  metrics: Metrics;
  /** Where request limits and SMS budgets count: shared by all instances on PostgreSQL. */
  limiters: LimiterStore;
  /** Records the audit trail's events in the transaction of what they record. */
  audit: AuditTrail;
  /** Signs the audit logs' checkpoints. */
  checkpointKey: CheckpointKey;
}

export async function openContext(
  overrides: Partial<Config> = {},
  options: { migrate?: boolean } = {},
): Promise<Context> {
  const config = loadConfig(undefined, overrides);
  const box = new SecretBox(loadMasterKey(config.masterKey, config.dataDir));
  const store = await openStore({
    sqlitePath: sqlitePath(config),
    databaseUrl: config.databaseUrl || undefined,
    synchronous: config.sqliteSynchronous,
    ...options,
  });
  // A wrong key would otherwise surface later, as a 500 where a sealed secret fails to open.
  if (!(await masterKeyMatches(store.db, box))) {
    await store.close();
    throw new ConfigError(
      `${masterKeyOrigin(config.masterKey, config.dataDir)} is not the master key this database ` +
        'was set up with (its check value differs); start with that key',
    );
  }
  return withServices({ config, store, box, clock: systemClock, ids: randomIds });
}

/** Adds the services every area shares to the basic context. */
export function withServices(
  base: Omit<
    Context,
    'keys' | 'outbox' | 'waiters' | 'metrics' | 'limiters' | 'audit' | 'checkpointKey'
  >,
): Context {
  const waiters = new Waiters();
  return {
    ...base,
    keys: new SigningKeys(base.store.db, base.box, base.clock, base.ids),
    outbox: new Outbox(base.clock, base.ids),
    waiters,
    metrics: createMetrics({ store: base.store, waiters }),
    limiters: sharedLimiters(base.store.db),
    audit: new AuditTrail(base.clock, base.ids),
    checkpointKey: new CheckpointKey(
      base.store.db,
      base.box,
      base.clock,
      `${new URL(base.config.publicUrl).host}/audit`,
    ),
  };
}
