import { writeSync } from 'node:fs';

/** The most one write call takes: a pipe holds 64 kB. */
const chunkBytes = 65_536;

/**
 * The server's log output: lines are gathered and written to `fd` in batches (when `batchBytes`
 * are waiting, every `intervalMs`, and at exit), so a busy server makes one write per batch
 * instead of one per line. Writes are synchronous, at most 64 kB each, and never retried in a
 * loop: when the output is full (EAGAIN) the rest waits for the next interval, untouched (beyond
 * `maxBytes` new lines are dropped and counted), and a closed output (EPIPE) ends logging. At
 * most `intervalMs` of lines are lost if the process is killed.
 */
export class LogStream {
  private pending: Buffer[] = [];
  private size = 0;
  private closed = false;
  /** The output refused a write: new lines try no more until the next flush (the interval's). */
  private full = false;
  /** Lines dropped because the output did not keep up; said in the log once it does. */
  private dropped = 0;

  constructor(
    private readonly fd: number,
    private readonly options = { batchBytes: 16_384, maxBytes: 4_194_304, intervalMs: 200 },
    private readonly writeTo: (fd: number, bytes: Buffer) => number = writeSync,
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
    if (this.size >= this.options.batchBytes && !this.full) this.flush();
  }

  /** Writes what is waiting, as far as the output takes it now. */
  flush(): void {
    if (this.closed) return;
    this.full = false;
    if (this.dropped > 0 && this.size < this.options.batchBytes) {
      const msg = `${this.dropped} log lines dropped: the log output did not keep up`;
      this.queue(Buffer.from(`${JSON.stringify({ level: 40, time: Date.now(), msg })}\n`));
      this.dropped = 0;
    }
    while (this.size > 0 && !this.full && !this.closed) this.writeChunk();
  }

  private queue(bytes: Buffer): void {
    this.pending.push(bytes);
    this.size += bytes.length;
  }

  /** One write of up to 64 kB from the front of what waits; what it took leaves the queue. */
  private writeChunk(): void {
    let take = 0;
    let bytes = 0;
    while (take < this.pending.length && bytes < chunkBytes)
      bytes += this.pending[take++]?.length ?? 0;
    const chunk =
      take === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending.slice(0, take), bytes);
    let written = 0;
    try {
      written = this.writeTo(this.fd, chunk);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EBUSY') this.full = true;
      else this.closed = true;
      return;
    }
    if (written < chunk.length) this.full = true;
    const rest = chunk.subarray(written);
    this.pending = rest.length > 0 ? [rest, ...this.pending.slice(take)] : this.pending.slice(take);
    this.size -= written;
  }
}
