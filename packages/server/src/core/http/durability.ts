import type { FastifyInstance } from 'fastify';
import type { Durability } from '../store/index.js';

/**
 * No answer leaves before the commits made so far are on disk (group commit, store/group-commit.ts):
 * a 2xx write survives a crash, and nothing is read back that a crash could undo. Registered
 * after every other onSend hook, which may write (stored replay answers).
 */
export function registerDurability(app: FastifyInstance, durability: Durability): void {
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (!durability.pending) return done(null, payload);
    durability.durable().then(
      () => done(null, payload),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
