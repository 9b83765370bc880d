import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from './index.js';

describe('the SQLite WAL', () => {
  it('is checkpointed and written from its start again while writes never pause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-wal-'));
    const store = await openStore({ sqlitePath: join(dir, 'svc.db') });
    // The WAL header's checkpoint sequence number counts the times the WAL started over.
    const restarts = () => {
      const header = Buffer.alloc(16);
      const fd = openSync(join(dir, 'svc.db-wal'), 'r');
      readSync(fd, header, 0, 16, 0);
      closeSync(fd);
      return header.readUInt32BE(12);
    };
    const expires = new Date(Date.now() + 60_000).toISOString();
    let written = 0;
    try {
      const before = restarts();
      while (restarts() < before + 3 && written < 30_000)
        for (let i = 0; i < 20; i += 1, written += 1)
          await store.db
            .insertInto('nonces')
            .values({ value: `nonce-${written}`, expires_at: expires })
            .execute();
      expect(restarts()).toBeGreaterThanOrEqual(before + 3);
      const { n } = await store.db
        .selectFrom('nonces')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(written);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
