import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Waiters } from '../waiters.js';
import type { Db } from './index.js';

const channel = 'svc_wake';
/** A wake-all this often: a notification lost without a noticed drop delays, never loses, a wake. */
const recheckMs = 10_000;

/**
 * Long-poll wake-ups across instances over PostgreSQL LISTEN/NOTIFY: one listening connection per
 * instance, re-established after a drop (and then every waiter re-checks), plus a periodic
 * re-check. Notifications are sent after the writer's commit, through the pool.
 */
export function listenForWakes(
  databaseUrl: string,
  db: Db,
  waiters: Waiters,
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 100;
  let reconnect: NodeJS.Timeout | null = null;

  waiters.publish = (key) => {
    sql`select pg_notify(${channel}, ${key})`
      .execute(db)
      .catch((err: unknown) => logger.warn({ err }, 'wake notification failed'));
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = null;
      if (stopped) return;
      logger.warn({ err }, 'wake listener lost its connection; reconnecting');
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      reconnect = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, 5_000);
    };
    next.on('notification', (message) => {
      if (message.payload) waiters.deliver(message.payload);
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      retryMs = 100;
      waiters.wakeAll(); // whatever was sent while we were not listening
    } catch (err) {
      lost(err);
    }
  };
  void connect();
  const recheck = setInterval(() => waiters.wakeAll(), recheckMs);
  recheck.unref();

  return {
    stop: async () => {
      stopped = true;
      waiters.publish = null;
      clearInterval(recheck);
      if (reconnect) clearTimeout(reconnect);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
