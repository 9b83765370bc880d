import type { FastifyInstance } from 'fastify';
import type { Durability } from '../store/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store's turn when the request started (`Durability.turn`). */
    startTurn: number;
  }
}

/**
 * No answer leaves before the writes made so far are committed and on disk (the shared
 * transaction and group commit, store/shared-transaction.ts and store/group-commit.ts): a 2xx
 * write survives a crash, nothing is read back that a crash could undo, and a request whose
 * shared transaction was lost fails. Registered after every other onSend hook, which may write
 * (stored replay answers).
 */
export function registerDurability(app: FastifyInstance, durability: Durability): void {
  app.decorateRequest('startTurn', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.startTurn = durability.turn;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!durability.pending && !durability.lostSince(request.startTurn)) return done(null, payload);
    durability.durable(request.startTurn).then(
      () => done(null, payload),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
