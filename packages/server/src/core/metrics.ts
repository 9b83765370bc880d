import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from './store/index.js';
import type { Waiters } from './waiters.js';

/** The process's metrics, served at `/metrics`; the HTTP core, use cases and workers add to them. */
export interface Metrics {
  registry: Registry;
  /**
   * Failures of background loops by loop: rows they failed on (logged and parked; the loop went
   * on) and whole steps that failed (a sweep's read of due rows, a purge).
   */
  backgroundFailures: Counter<'loop'>;
  /** Outbox delivery attempts by kind and outcome (delivered, retry, dead). */
  outboxDeliveries: Counter<'kind' | 'outcome'>;
  smsSent: Counter;
  /** Svcfications by the final status they reached. */
  svcficationsCompleted: Counter<'status'>;
  /** Svcfications refused by the fatigue limits: open, window or fraud. */
  svcficationsRefused: Counter<'reason'>;
  /** Rejections a device sent with reason fraud. */
  fraudReports: Counter;
  /** Push wake-ups by channel type and outcome (sent, gone, retry, expired, dropped). */
  pushSends: Counter<'channel' | 'outcome'>;
  /** Sign-ins at an OpenID Provider by method and outcome (`login` or the OIDC error code). */
  oidcSignIns: Counter<'method' | 'outcome'>;
}

/** Counters are kept in the process; gauges are read when /metrics is scraped. */
export function createMetrics(sources: {
  store: Pick<Store, 'db' | 'walSyncs'>;
  waiters: Waiters;
}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'svc_outbox_pending',
    help: 'Callbacks and SMS waiting to be delivered',
    registers,
    async collect() {
      const row = await sources.store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'svc_long_poll_waiters',
    help: 'Requests waiting in a long poll',
    registers,
    collect() {
      this.set(sources.waiters.count());
    },
  });
  const { walSyncs } = sources.store;
  if (walSyncs) {
    const groupCommit = [
      ['svc_sqlite_commits_total', 'SQLite commits made under group commit', 'commits'],
      ['svc_sqlite_wal_syncs_total', 'WAL syncs of group commit (commits per sync)', 'syncs'],
    ] as const;
    for (const [name, help, figure] of groupCommit)
      new Counter({
        name,
        help,
        registers,
        collect() {
          // A count kept by the store: the counter shows it as it is when scraped.
          this.reset();
          this.inc(walSyncs.stats[figure]);
        },
      });
    const syncTimes = new Histogram({
      name: 'svc_sqlite_wal_sync_seconds',
      help: 'WAL syncs of group commit by duration (every answer after a write waits for one)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    walSyncs.onSync = (seconds) => syncTimes.observe(seconds);
  }
  return {
    registry,
    backgroundFailures: new Counter({
      name: 'svc_background_failures_total',
      help: 'Failures of background loops: rows failed on and parked, failed reads and purges',
      labelNames: ['loop'],
      registers,
    }),
    outboxDeliveries: new Counter({
      name: 'svc_outbox_deliveries_total',
      help: 'Outbox delivery attempts by kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    smsSent: new Counter({
      name: 'svc_sms_sent_total',
      help: 'SMS handed to the provider',
      registers,
    }),
    svcficationsCompleted: new Counter({
      name: 'svc_svcfications_completed_total',
      help: 'Svcfications by final status',
      labelNames: ['status'],
      registers,
    }),
    svcficationsRefused: new Counter({
      name: 'svc_svcfications_refused_total',
      help: 'Svcfications refused by the fatigue limits, by reason (open, window, fraud)',
      labelNames: ['reason'],
      registers,
    }),
    fraudReports: new Counter({
      name: 'svc_svcfication_fraud_reports_total',
      help: 'Svcfications a device rejected with reason fraud',
      registers,
    }),
    pushSends: new Counter({
      name: 'svc_push_sends_total',
      help: 'Push wake-ups by channel (web_push, fcm, apns) and outcome (sent, gone, retry, expired, dropped)',
      labelNames: ['channel', 'outcome'],
      registers,
    }),
    oidcSignIns: new Counter({
      name: 'svc_oidc_sign_ins_total',
      help: 'Sign-ins at an OpenID Provider by method and outcome (login, or the OIDC error)',
      labelNames: ['method', 'outcome'],
      registers,
    }),
  };
}
