import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdServeLock } from './serve-lock.js';

describe('the serve lock of a SQLite data directory', () => {
  it('is held by one server at a time, and free again once released', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-serve-lock-'));
    try {
      const first = holdServeLock(dir);
      expect(() => holdServeLock(dir)).toThrow(/another svc serve runs on .*; stop it first/);
      first.release();
      holdServeLock(dir).release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
