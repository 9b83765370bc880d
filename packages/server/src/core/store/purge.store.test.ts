import { describe, expect, it } from 'vitest';
import { openTestStore } from '../../../test/helpers.js';
import { deleteExpired, purgeBatch } from './purge.js';

const now = '2030-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(now) + ms).toISOString();

describe('deleteExpired', () => {
  it('deletes a backlog of expired rows in batches, turning the event loop between them', async () => {
    const store = await openTestStore();
    const backlog = 2 * purgeBatch + 500;
    const expired = Array.from({ length: backlog }, (_, i) => ({
      value: `n${i}`,
      expires_at: at(-backlog + i),
    }));
    const live = [
      { value: 'live', expires_at: at(1) },
      { value: 'now', expires_at: now },
    ];
    await store.db
      .insertInto('nonces')
      .values([...expired, ...live])
      .execute();
    let turned = false;
    setImmediate(() => (turned = true));
    expect(await deleteExpired(store.db, { table: 'nonces', column: 'expires_at' }, now)).toBe(
      backlog,
    );
    expect(turned).toBe(true);
    const left = await store.db.selectFrom('nonces').select('value').orderBy('value').execute();
    expect(left.map((r) => r.value)).toEqual(['live', 'now']);
    expect(await deleteExpired(store.db, { table: 'nonces', column: 'expires_at' }, now)).toBe(0);
    await store.close();
  });
});
