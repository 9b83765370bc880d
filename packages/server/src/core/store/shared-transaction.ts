import type SQLite from 'better-sqlite3';
import type { GroupCommit } from './group-commit.js';
import type { Durability } from './index.js';

/**
 * SQLite: the statements that run outside a transaction of their own share one transaction per
 * event-loop turn, committed once the turn's work is done (`setImmediate`), instead of each paying
 * its own locks and commit. Each statement on its own takes two `fcntl` locks and an `fstat` of
 * the database, and each write its own WAL frames and commit; concurrent requests now share them.
 *
 * Reads share a deferred transaction (a snapshot); the first write of a turn ends it and takes the
 * write lock (`BEGIN IMMEDIATE`, waiting for another process's writer as `busy_timeout` allows),
 * and every later statement of the turn joins it. A transaction of Kysely's (`db.transaction()`)
 * first commits the shared one and then runs alone, as before.
 *
 * Nothing written in a shared transaction may be acknowledged before its commit: `committed()`
 * resolves with it, or rejects when it failed (the commit, or a statement after which SQLite rolled
 * the whole transaction back), and `failedSince(turn)` tells a request that started at `turn`
 * whether a transaction it may have written in was lost.
 */
export class SharedTransaction {
  private state: 'none' | 'read' | 'write' = 'none';
  private waiting: { done: Promise<void>; resolve(): void; reject(err: Error): void } | null = null;
  /** Turns (shared write transactions) begun so far, and the last one that was lost. */
  private turns = 0;
  private lost = -1;
  private scheduled = false;
  private readonly statements: Record<
    'begin' | 'beginWrite' | 'commit' | 'rollback',
    SQLite.Statement
  >;

  constructor(
    private readonly sqlite: SQLite.Database,
    /** Told of each committed write transaction (it counts as a commit for the WAL sync). */
    private readonly onCommit: () => void,
  ) {
    this.statements = {
      begin: sqlite.prepare('begin'),
      beginWrite: sqlite.prepare('begin immediate'),
      commit: sqlite.prepare('commit'),
      rollback: sqlite.prepare('rollback'),
    };
  }

  /** A write transaction is open: what anyone reads now is not yet committed. */
  get writing(): boolean {
    return this.state === 'write';
  }

  /** The shared write transactions finished so far: a request notes it when it starts. */
  get turn(): number {
    return this.writing ? this.turns - 1 : this.turns;
  }

  /** Whether the connection is inside a transaction that is not the shared one (Kysely's). */
  get foreign(): boolean {
    return this.state === 'none' && this.sqlite.inTransaction;
  }

  /** Joins (or opens) the turn's transaction before a statement that is not Kysely's own. */
  enter(writes: boolean): void {
    if (this.state === 'write' || (this.state === 'read' && !writes) || this.foreign) return;
    if (this.state === 'read') this.end();
    if (writes) {
      this.statements.beginWrite.run();
      this.state = 'write';
      this.turns += 1;
      let settle!: { resolve(): void; reject(err: Error): void };
      const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      // A lost transaction that nobody waits for must not be an unhandled rejection.
      done.catch(() => undefined);
      this.waiting = { done, ...settle };
    } else {
      this.statements.begin.run();
      this.state = 'read';
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.end();
      });
    }
  }

  /** After a statement failed: SQLite may have rolled the whole transaction back. */
  failed(err: unknown): void {
    if (this.state !== 'none' && !this.sqlite.inTransaction) this.settle(err);
  }

  /** Resolves when the open write transaction (if any) has committed; rejects if it was lost. */
  committed(): Promise<void> {
    return this.waiting?.done ?? Promise.resolve();
  }

  /** True when a write transaction that was open at `turn` or began after it was lost. */
  failedSince(turn: number): boolean {
    return this.lost > turn;
  }

  /**
   * Commits the shared transaction now (before Kysely's own, a checkpoint, closing). A commit that
   * fails is rolled back: those who wrote in it learn it from `committed()`, the server from a
   * warning.
   */
  end(): void {
    if (this.state === 'none') return;
    try {
      this.statements.commit.run();
    } catch (err) {
      if (this.sqlite.inTransaction) this.statements.rollback.run();
      this.settle(err);
      process.emitWarning(
        `SQLite shared transaction lost: ${err instanceof Error ? err.message : 'unknown error'}`,
      );
      return;
    }
    if (this.state === 'write') this.onCommit();
    this.settle();
  }

  private settle(err?: unknown): void {
    const { waiting } = this;
    this.state = 'none';
    this.waiting = null;
    if (!waiting) return;
    if (err === undefined) return waiting.resolve();
    this.lost = this.turns;
    waiting.reject(err instanceof Error ? err : new Error('the shared transaction was lost'));
  }
}

/**
 * The store's durability on SQLite: the turn's shared transaction committed, then (with group
 * commit, `synchronous=FULL`) the WAL synced.
 */
export class SqliteDurability implements Durability {
  constructor(
    private readonly shared: SharedTransaction,
    private readonly groupCommit: GroupCommit | null,
  ) {}

  get pending(): boolean {
    return this.shared.writing || (this.groupCommit?.pending ?? false);
  }

  get turn(): number {
    return this.shared.turn;
  }

  lostSince(turn: number): boolean {
    return this.shared.failedSince(turn);
  }

  async durable(since?: number): Promise<void> {
    await this.shared.committed();
    if (since !== undefined && this.shared.failedSince(since))
      throw new Error('a write transaction of this request was lost');
    await this.groupCommit?.durable();
  }

  get stats(): { commits: number; syncs: number } | undefined {
    return this.groupCommit?.stats;
  }

  set onSync(listener: ((seconds: number) => void) | undefined) {
    if (this.groupCommit) this.groupCommit.onSync = listener;
  }
}
