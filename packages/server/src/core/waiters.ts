/**
 * In-process wake-ups for long polls: a request waits on a key until someone notifies it, the
 * timeout passes, or the server closes. No polling loop, so a wake-up costs no latency.
 */
export class Waiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private closed = false;

  /** Resolves true when notified, false on timeout or close. */
  wait(key: string, timeoutMs: number): Promise<boolean> {
    if (this.closed || timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const done = (notified: boolean) => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && this.waiting.get(key) === set) this.waiting.delete(key);
        resolve(notified);
      };
      const wake = () => done(!this.closed);
      const timer = setTimeout(() => done(false), timeoutMs);
      set.add(wake);
    });
  }

  notify(key: string): void {
    for (const wake of [...(this.waiting.get(key) ?? [])]) wake();
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
    for (const key of [...this.waiting.keys()]) this.notify(key);
  }
}
