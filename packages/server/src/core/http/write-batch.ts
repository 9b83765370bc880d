import type { FastifyInstance } from 'fastify';

/**
 * Answers ready in one turn of the event loop, written together at its end (`setImmediate`, after
 * the turn's I/O callbacks). Written one by one, each answer to a client waiting on another core
 * wakes that client's thread, a dear kernel path on a virtual machine. Written back to back, the
 * first wakes the client and the rest find it awake, and its next requests come back together: on
 * the 2-core machine the server's CPU per sandbox verification fell from 91 to 43–46 µs
 * (docs/performance.md, change 30). An answer waits at most for the rest of its turn.
 */
export class WriteBatch {
  private due: (() => void)[] | null = null;

  /** `onError`: a send that threw; the batch's other sends still go. */
  constructor(private readonly onError: (err: unknown) => void) {}

  /** Calls `send` at the end of this turn of the event loop, after the sends added before it. */
  add(send: () => void): void {
    if (this.due === null) {
      this.due = [];
      setImmediate(() => this.flush());
    }
    this.due.push(send);
  }

  private flush(): void {
    const due = this.due ?? [];
    this.due = null;
    for (const send of due)
      try {
        send();
      } catch (err) {
        this.onError(err);
      }
  }
}

/** Batches every answer's write (`WriteBatch`); the last onSend hook, after the fair share. */
export function registerWriteBatching(app: FastifyInstance): void {
  const batch = new WriteBatch((err) => app.log.error({ err }, 'an answer failed to go out'));
  app.addHook('onSend', (_request, _reply, payload, done) => {
    batch.add(() => done(null, payload));
  });
}
