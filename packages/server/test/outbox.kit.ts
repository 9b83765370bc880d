import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ManualClock } from '../src/core/clock.js';
import { randomIds } from '../src/core/ids.js';
import { Outbox } from '../src/core/outbox/index.js';
import { OutboxWorker, type Deliver, type WorkerOptions } from '../src/core/outbox/worker.js';
import type { Store } from '../src/core/store/index.js';

/** What the outbox worker's unit tests share: workers on a test store, and receivers that hang. */
export const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined };
export const never = () => new Promise<void>(() => undefined);

/** A worker on `store` with a manual clock; SMS and push handlers that never answer unless given. */
export function workerOn(
  store: Store,
  clock: ManualClock,
  handlers: { callback: Deliver; sms?: Deliver; push?: Deliver },
  options: Partial<WorkerOptions> = {},
): OutboxWorker {
  return new OutboxWorker({
    db: store.db,
    clock,
    outbox: new Outbox(clock, randomIds),
    logger: quiet,
    retryBaseMs: 1000,
    handlers: { sms: never, push: never, ciba_ping: never, ...handlers },
    ...options,
  });
}

/** A handler whose deliveries wait until the test settles them; `started` counts the calls. */
export function heldHandler() {
  const held: { resolve(): void; reject(err: Error): void }[] = [];
  const deliver: Deliver = () => new Promise((resolve, reject) => held.push({ resolve, reject }));
  return { deliver, held, started: () => held.length };
}

/** A loopback receiver that never answers; `held()` counts the requests it keeps waiting. */
export async function hangingReceiver() {
  const held: ServerResponse[] = [];
  const server = createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held.length,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const rows = (store: Store) =>
  store.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
