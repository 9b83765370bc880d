import { describe, expect, it } from 'vitest';
import { startWatchdog } from './watchdog.js';

/** Blocks this thread for `ms`, as a deadlock would (bounded here). */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the test watchdog', () => {
  it('finds a main thread that has not run for its limit', async () => {
    const watchdog = startWatchdog(1000, false);
    watchdog.running('a blocked test');
    block(2500);
    expect(watchdog.fired()).toBe(true);
    await watchdog.stop();
  });

  it('leaves a main thread that runs alone', async () => {
    const watchdog = startWatchdog(1000, false);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    block(500);
    expect(watchdog.fired()).toBe(false);
    await watchdog.stop();
  });
});
