import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../../../test/helpers.js';
import type { Db, Store } from './index.js';

// Two requests are two callers of the store at once. A child row naming a missing parent fails
// only when its transaction commits (a deferred foreign key): a write whose commit fails.
let store: Store;
let db: Db;
beforeEach(async () => {
  store = await openTestStore();
  db = store.db;
  await sql`create table iso_parent (id text primary key)`.execute(db);
  await sql`create table iso_child (id text primary key, parent text
    references iso_parent (id) deferrable initially deferred)`.execute(db);
});
afterEach(() => store.close());

const addParent = (id: string, on: Db = db) =>
  sql`insert into iso_parent (id) values (${id})`.execute(on);
const addOrphan = (id: string, on: Db = db) =>
  sql`insert into iso_child (id, parent) values (${id}, 'missing')`.execute(on);
const ids = async (table: 'iso_parent' | 'iso_child') =>
  (await sql<{ id: string }>`select id from ${sql.table(table)} order by id`.execute(db)).rows.map(
    (row) => row.id,
  );

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('each request commits on its own', () => {
  it('a failed commit fails only its own request', async () => {
    const [orphan, parent] = await Promise.allSettled([addOrphan('c1'), addParent('p1')]);
    expect(orphan.status).toBe('rejected');
    expect(parent.status).toBe('fulfilled');
    expect(await ids('iso_parent')).toEqual(['p1']);
    expect(await ids('iso_child')).toEqual([]);
  });

  it("a transaction whose commit fails takes no one else's write with it", async () => {
    const held = gate();
    const started = gate();
    const failing = db.transaction().execute(async (tx) => {
      await addOrphan('c2', tx);
      started.open();
      await held.opened;
    });
    await started.opened;
    const other = addParent('p2');
    held.open();
    await expect(failing).rejects.toThrow();
    await expect(other).resolves.toBeDefined();
    expect(await ids('iso_parent')).toEqual(['p2']);
    expect(await ids('iso_child')).toEqual([]);
  });
});

describe('no request reads an uncommitted write', () => {
  it('of a statement started in the same turn', async () => {
    const [orphan, read] = await Promise.allSettled([addOrphan('c3'), ids('iso_child')]);
    expect(orphan.status).toBe('rejected');
    expect(read).toEqual({ status: 'fulfilled', value: [] });
  });

  it('of a transaction still open, which then rolls back', async () => {
    const held = gate();
    const started = gate();
    const rolledBack = db.transaction().execute(async (tx) => {
      await addParent('u1', tx);
      started.open();
      await held.opened;
      throw new Error('rolled back');
    });
    await started.opened;
    const read = ids('iso_parent');
    held.open();
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
  });
});
