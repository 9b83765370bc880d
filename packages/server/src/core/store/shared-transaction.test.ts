import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerDurability } from '../http/durability.js';
import { openStore, type Store } from './index.js';

// A file, so that a second connection (another process's view) can read it.
let dir: string;
let store: Store;
let other: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-shared-'));
  store = await openStore({ sqlitePath: join(dir, 'svc.db') });
  other = await openStore({ sqlitePath: join(dir, 'svc.db') });
});
afterEach(async () => {
  await other.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const addNonce = (db: Store['db'], value: string) =>
  db.insertInto('nonces').values({ value, expires_at: '2030-01-01T00:00:00Z' }).execute();
const nonces = async (db: Store['db']) =>
  (await db.selectFrom('nonces').select('value').orderBy('value').execute()).map((r) => r.value);
const commits = () => store.durability.stats?.commits ?? 0;

describe('the shared transaction of a turn (SQLite)', () => {
  it('the writes of one turn commit once, at its end; until then only this connection sees them', async () => {
    await store.durability.durable();
    const before = commits();
    await Promise.all(['a', 'b', 'c'].map((v) => addNonce(store.db, v)));
    expect(await nonces(store.db)).toEqual(['a', 'b', 'c']);
    expect(store.durability.pending).toBe(true);
    expect(await nonces(other.db)).toEqual([]);
    await turn();
    expect(commits()).toBe(before + 1);
    expect(await nonces(other.db)).toEqual(['a', 'b', 'c']);
    await store.durability.durable();
    expect(store.durability.pending).toBe(false);
  });

  it("a transaction of Kysely's commits the shared one first, then runs alone", async () => {
    await addNonce(store.db, 'shared');
    await store.db.transaction().execute(async (tx) => {
      // The shared transaction is committed: another connection sees its write already.
      expect(await nonces(other.db)).toEqual(['shared']);
      await addNonce(tx, 'own');
    });
    // The other connection's reads of this turn share their snapshot: it sees 'own' next turn.
    await turn();
    expect(await nonces(other.db)).toEqual(['own', 'shared']);
  });

  it('a commit that fails loses the turn: its writers are told, later turns go on', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // A deferred foreign key is checked at COMMIT: the one way to make a commit fail at will.
    await sql`create table parents (id text primary key)`.execute(store.db);
    await sql`create table children (parent text references parents (id) deferrable initially deferred)`.execute(
      store.db,
    );
    await turn();
    const started = store.durability.turn;
    await addNonce(store.db, 'lost');
    await sql`insert into children (parent) values ('none')`.execute(store.db);
    await expect(store.durability.durable(started)).rejects.toThrow(/FOREIGN KEY/);
    expect(store.durability.lostSince(started)).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('shared transaction lost'));
    expect(await nonces(store.db)).toEqual([]);
    // A request that starts now is not concerned.
    const next = store.durability.turn;
    expect(store.durability.lostSince(next)).toBe(false);
    await addNonce(store.db, 'kept');
    await store.durability.durable(next);
    expect(await nonces(other.db)).toEqual(['kept']);
    warn.mockRestore();
  });

  it('a statement after which SQLite rolled the whole transaction back loses the turn', async () => {
    await sql`create trigger no_poison before insert on nonces when new.value = 'poison'
      begin select raise(rollback, 'poisoned'); end`.execute(store.db);
    await turn();
    const started = store.durability.turn;
    await addNonce(store.db, 'before');
    await expect(addNonce(store.db, 'poison')).rejects.toThrow(/poisoned/);
    await expect(store.durability.durable(started)).rejects.toThrow(/was lost/);
    expect(store.durability.lostSince(started)).toBe(true);
    expect(await nonces(store.db)).toEqual([]);
  });

  it('an answer to a request whose turn was lost is an error, never a 2xx', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await sql`create table parents (id text primary key)`.execute(store.db);
    await sql`create table children (parent text references parents (id) deferrable initially deferred)`.execute(
      store.db,
    );
    await turn();
    const app = Fastify();
    registerDurability(app, store.durability);
    app.post('/write', async () => {
      await addNonce(store.db, 'answered');
      await sql`insert into children (parent) values ('none')`.execute(store.db);
      // The answer leaves in a later turn: the lost one has ended by then.
      await turn();
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(500);
    expect(await nonces(other.db)).toEqual([]);
    await app.close();
    warn.mockRestore();
  });
});
