/** A watch on one key (`Waiters.watch`). */
export interface Watch {
  woken: Promise<boolean>;
  cancel(): void;
  /** Times out within `ms` from now, if that is sooner. */
  within(ms: number): void;
}

/**
 * Wake-ups for long polls: a request waits on a key until someone notifies it, the timeout
 * passes, or the server closes. No polling loop, so a wake-up costs no latency. Within a process
 * the wake is direct; across instances (PostgreSQL) `publish` carries it to the others, which
 * `deliver` it here. A woken request always re-reads what it waits for, so a spurious wake-up
 * (`wakeAll` after a lost connection) only costs a read.
 */
export class Waiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private closed = false;
  /** Tells other instances; set by the cross-instance listener. */
  publish: ((key: string) => void) | null = null;

  /**
   * Watches `key` from now on: `woken` resolves true when notified, false on timeout, cancel or
   * close, or when `signal` aborts (the client went away). Watch before reading what the key
   * stands for, so that a change made while the read is in flight still wakes it; cancel once the
   * watch is no longer needed.
   */
  watch(key: string, timeoutMs: number, signal?: AbortSignal): Watch {
    const none = () => {};
    if (this.closed || timeoutMs <= 0 || signal?.aborted)
      return { woken: Promise.resolve(false), cancel: none, within: none };
    let deadline = Date.now() + timeoutMs;
    let end: (notified: boolean) => void = none;
    let timer: NodeJS.Timeout | undefined;
    const woken = new Promise<boolean>((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const wake = () => end(!this.closed);
      const abandoned = () => end(false);
      end = (notified) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandoned);
        set.delete(wake);
        if (set.size === 0 && this.waiting.get(key) === set) this.waiting.delete(key);
        resolve(notified);
      };
      timer = setTimeout(() => end(false), timeoutMs);
      signal?.addEventListener('abort', abandoned, { once: true });
      set.add(wake);
    });
    return {
      woken,
      cancel: () => end(false),
      within: (ms) => {
        if (Date.now() + ms >= deadline) return;
        deadline = Date.now() + ms;
        clearTimeout(timer);
        timer = setTimeout(() => end(false), Math.max(0, ms));
      },
    };
  }

  notify(key: string): void {
    this.deliver(key);
    this.publish?.(key);
  }

  /** Wakes this process's waiters of a key (a notification from another instance). */
  deliver(key: string): void {
    for (const wake of [...(this.waiting.get(key) ?? [])]) wake();
  }

  /** Wakes every waiter to re-check (notifications may have been missed). */
  wakeAll(): void {
    for (const key of [...this.waiting.keys()]) this.deliver(key);
  }

  /** How many requests are waiting now (a gauge in /metrics). */
  count(): number {
    let waiting = 0;
    for (const set of this.waiting.values()) waiting += set.size;
    return waiting;
  }

  /** Releases every waiter (server shutdown) and refuses new waits. */
  close(): void {
    this.closed = true;
    this.wakeAll();
  }
}
