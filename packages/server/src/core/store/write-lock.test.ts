import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './index.js';

describe('a transaction on SQLite', () => {
  it('holds the write lock from its start: another process cannot write between its read and its write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
    const path = join(dir, 'svc.db');
    const store = await openStore({ sqlitePath: path });
    // Another process on the same file (a CLI command), which does not wait for the lock.
    const other = new SQLite(path);
    other.pragma('busy_timeout = 0');
    const write = (db: { prepare: SQLite.Database['prepare'] }, value: string) =>
      db.prepare('insert into nonces (value, expires_at) values (?, ?)').run(value, '9999');
    let refused: unknown;
    try {
      await store.db.transaction().execute(async (tx) => {
        await tx.selectFrom('nonces').select('value').execute();
        try {
          write(other, 'theirs');
        } catch (err) {
          refused = err;
        }
        await tx.insertInto('nonces').values({ value: 'ours', expires_at: '9999' }).execute();
      });
      // The other process waited its turn (here: was told to), and writes once we committed.
      expect(refused).toMatchObject({ code: 'SQLITE_BUSY' });
      write(other, 'theirs');
      const values = await store.db.selectFrom('nonces').select('value').orderBy('value').execute();
      expect(values.map((r) => r.value)).toEqual(['ours', 'theirs']);
    } finally {
      other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
