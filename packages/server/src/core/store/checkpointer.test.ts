import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer.js';
import { openStore } from './index.js';

describe('the WAL checkpointer', () => {
  it('a thread that cannot open the database warns and hands checkpoints back; stop still ends', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    let handedBack = false;
    const checkpointer = startCheckpointer('/nonexistent-dir/svc.db', {
      onStop: () => (handedBack = true),
      onCopied: () => undefined,
    });
    // A thread takes a while to start on a loaded machine.
    await vi.waitFor(() => expect(handedBack).toBe(true), { timeout: 10_000 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('WAL checkpointer stopped'));
    await checkpointer.stop();
    warn.mockRestore();
  });

  it('writes the WAL from its start again while writes never pause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-wal-'));
    const store = await openStore({ sqlitePath: join(dir, 'svc.db'), checkpointEveryMs: 20 });
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
      const before = restarts(); // the migrations' own
      // Every turn commits, so some commit always lands while the thread copies.
      while (restarts() < before + 3 && written < 30_000) {
        for (let i = 0; i < 20; i += 1, written += 1)
          await store.db
            .insertInto('nonces')
            .values({ value: `nonce-${written}`, expires_at: expires })
            .execute();
        await turn();
      }
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
