import { open, type FileHandle } from 'node:fs/promises';

/**
 * Group commit for SQLite in WAL mode. Statements commit without waiting for the disk
 * (`synchronous=NORMAL`: already safe from a crash of the process); before an answer leaves,
 * `durable()` makes every commit so far survive power loss too, with one fdatasync of the WAL
 * shared by all the requests that wait at that moment (the frames of a commit are in the WAL file
 * once it returns; recovery replays the WAL up to its last valid frame).
 */
export class GroupCommit {
  /** Commits (and writes) so far, and how many of them are known to be on disk. */
  private written = 0;
  private synced = 0;
  private syncs = 0;
  private running: Promise<void> | null = null;
  private wal: FileHandle | null = null;

  /** Told how long each sync took, until the event loop ran on (its delay included). */
  onSync?: (seconds: number) => void;

  constructor(private readonly walPath: string) {}

  /** Counts a statement that wrote or committed; it ran synchronously, so it is in the WAL. */
  wrote(): void {
    this.written += 1;
  }

  /** Commits counted and WAL syncs made so far (commits per sync: how well the grouping works). */
  get stats(): { commits: number; syncs: number } {
    return { commits: this.written, syncs: this.syncs };
  }

  /** True when a commit is not yet known to be on disk. */
  get pending(): boolean {
    return this.synced < this.written;
  }

  /** Resolves once every commit made before the call is on disk. */
  async durable(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      this.running ??= this.sync().finally(() => {
        this.running = null;
      });
      await this.running;
    }
  }

  private async sync(): Promise<void> {
    const upTo = this.written;
    this.wal ??= await open(this.walPath, 'r');
    const started = performance.now();
    await this.wal.datasync();
    this.onSync?.((performance.now() - started) / 1000);
    this.syncs += 1;
    this.synced = Math.max(this.synced, upTo);
  }

  async close(): Promise<void> {
    await this.wal?.close();
    this.wal = null;
  }
}
