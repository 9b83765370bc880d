import { writeSync } from 'node:fs';

/**
 * The server's log output: lines are gathered and written to `fd` in batches (when `batchBytes`
 * are waiting, every `intervalMs`, and at exit), so a busy server makes one write per batch
 * instead of one per line. A write is synchronous and never retried in a loop: a full pipe keeps
 * the rest for the next batch (beyond `maxBytes` new lines are dropped and counted), and a closed
 * one (EPIPE) ends logging. At most `intervalMs` of lines are lost if the process is killed.
 */
export class LogStream {
  private pending: Buffer[] = [];
  private size = 0;
  private closed = false;
  /** Lines dropped because the output did not keep up; said in the log once it does. */
  private dropped = 0;

  constructor(
    private readonly fd: number,
    private readonly options = { batchBytes: 16_384, maxBytes: 4_194_304, intervalMs: 200 },
  ) {
    setInterval(() => this.flush(), options.intervalMs).unref();
    process.once('exit', () => this.flush());
  }

  write(line: string): void {
    if (this.closed) return;
    if (this.size >= this.options.maxBytes) {
      this.dropped += 1;
      return;
    }
    const bytes = Buffer.from(line);
    this.pending.push(bytes);
    this.size += bytes.length;
    if (this.size >= this.options.batchBytes) this.flush();
  }

  /** Writes what is waiting, as far as the output takes it now. */
  flush(): void {
    if (this.closed || (this.size === 0 && this.dropped === 0)) return;
    if (this.dropped > 0 && this.size < this.options.batchBytes) {
      const msg = `${this.dropped} log lines dropped: the log output did not keep up`;
      this.pending.push(Buffer.from(`${JSON.stringify({ level: 40, time: Date.now(), msg })}\n`));
      this.size += this.pending.at(-1)?.length ?? 0;
      this.dropped = 0;
    }
    const batch = Buffer.concat(this.pending, this.size);
    let written = 0;
    try {
      written = writeSync(this.fd, batch);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') this.closed = true;
    }
    const rest = this.closed ? Buffer.alloc(0) : batch.subarray(written);
    this.pending = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
  }
}
