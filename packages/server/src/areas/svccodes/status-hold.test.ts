import { describe, expect, it } from 'vitest';
import { defaultWaitSeconds, statusHoldMs } from './status-hold.js';

const now = new Date('2026-01-15T12:00:00.000Z');
const code = (expiresInMs: number, paired_device: string | null = null) => ({
  expires_at: new Date(now.getTime() + expiresInMs).toISOString(),
  paired_device,
});

describe('how long a status read holds its answer', () => {
  it('by default 25 s, or up to the expiry of a live code, whichever is first', () => {
    expect(defaultWaitSeconds).toBe(25);
    expect(statusHoldMs(code(300_000), now, defaultWaitSeconds)).toBe(25_000);
    expect(statusHoldMs(code(4_000), now, defaultWaitSeconds)).toBe(4_000);
    expect(statusHoldMs(code(1), now, 30)).toBe(1);
  });

  it('wait=N holds N seconds at most; wait=0 answers at once', () => {
    expect(statusHoldMs(code(300_000), now, 3)).toBe(3_000);
    expect(statusHoldMs(code(300_000), now, 0)).toBe(0);
    expect(statusHoldMs(code(-1), now, 0)).toBe(0);
  });

  it('a paired code answers at once', () => {
    expect(statusHoldMs(code(300_000, 'device-1'), now, 25)).toBe(0);
    expect(statusHoldMs(code(-300_000, 'device-1'), now, 25)).toBe(0);
  });

  it('an expired unpaired code is held the whole wait, so polling again at once is no busy loop', () => {
    expect(statusHoldMs(code(0), now, defaultWaitSeconds)).toBe(25_000);
    expect(statusHoldMs(code(-3_600_000), now, defaultWaitSeconds)).toBe(25_000);
    expect(statusHoldMs(code(-1), now, 10)).toBe(10_000);
  });
});
