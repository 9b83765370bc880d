import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../../../test/helpers.js';
import { useNonce } from '../nonces.js';
import { compiled } from './compiled.js';
import type { Store } from './index.js';

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
  await store.db
    .insertInto('nonces')
    .values([
      { value: 'a', expires_at: '2030-01-01T00:00:00.000Z' },
      { value: 'b', expires_at: '2031-01-01T00:00:00.000Z' },
      { value: 'c', expires_at: '2032-01-01T00:00:00.000Z' },
    ])
    .execute();
});
afterEach(() => store.close());

// A value used twice, and a constant that is not a value.
const between = compiled((db, v: { from: string; to: string }) =>
  db
    .selectFrom('nonces')
    .select('value')
    .where('expires_at', '>=', v.from)
    .where('expires_at', '<=', v.to)
    .where('value', '!=', 'zzz')
    .orderBy('value'),
);
const renew = compiled((db, v: { value: string; expiresAt: string }) =>
  db.updateTable('nonces').set({ expires_at: v.expiresAt }).where('value', '=', v.value),
);

describe('compiled queries', () => {
  it('run with the values of each call, built once', async () => {
    const range = (from: string, to: string) =>
      between.all(store.db, { from, to }).then((rows) => rows.map((r) => r.value));
    expect(await range('2030', '2031-06')).toEqual(['a', 'b']);
    expect(await range('2031', '2033')).toEqual(['b', 'c']);
    expect(await between.first(store.db, { from: '2032', to: '2033' })).toEqual({ value: 'c' });
    expect(await range('2040', '2041')).toEqual([]);
  });

  it('count the rows they change, also inside a transaction', async () => {
    const expiresAt = '2040-01-01T00:00:00.000Z';
    expect(await renew.affected(store.db, { value: 'a', expiresAt })).toBe(1);
    expect(await renew.affected(store.db, { value: 'nope', expiresAt })).toBe(0);
    await store.db.transaction().execute(async (tx) => {
      expect(await renew.affected(tx, { value: 'b', expiresAt })).toBe(1);
    });
    const renewed = await between.all(store.db, { from: '2040', to: '2041' });
    expect(renewed.map((r) => r.value)).toEqual(['a', 'b']);
  });

  it('on the database itself, wait for an open transaction instead of reading inside it', async () => {
    const expiresAt = '2040-01-01T00:00:00.000Z';
    let outside: Promise<{ value: string }[]> = Promise.resolve([]);
    const rolledBack = store.db.transaction().execute(async (tx) => {
      await renew.affected(tx, { value: 'a', expiresAt });
      outside = between.all(store.db, { from: '2040', to: '2041' });
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
    expect(await between.all(store.db, { from: '2030', to: '2030-06' })).toEqual([{ value: 'a' }]);
  });
});

describe('nonces (one statement)', () => {
  it('a value is used once until it expires, then counts as new', async () => {
    const now = new Date('2035-01-01T00:00:00Z');
    const later = new Date('2036-01-01T00:00:00Z');
    expect(await useNonce(store.db, 'n1', later, now)).toBe(true);
    expect(await useNonce(store.db, 'n1', later, now)).toBe(false);
    // 'a' expired in 2030: seen again in 2035, it is a new use.
    expect(await useNonce(store.db, 'a', later, now)).toBe(true);
    expect(await useNonce(store.db, 'a', later, now)).toBe(false);
    // 'c' is remembered until 2032: still a replay in 2031.
    expect(await useNonce(store.db, 'c', later, new Date('2031-01-01T00:00:00Z'))).toBe(false);
  });
});
