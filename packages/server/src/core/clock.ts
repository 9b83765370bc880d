/** Time source; tests pass a fixed or manual clock so expiry needs no sleeping. */
export interface Clock {
  now(): Date;
  /** The same time in milliseconds since the epoch, without making a Date (hot paths). */
  ms(): number;
}

export const systemClock: Clock = { now: () => new Date(), ms: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-15T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  ms(): number {
    return this.current.getTime();
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
}
