import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../../../test/helpers.js';
import type { Store } from '../store/index.js';
import { masterKeyMatches } from './key-check.js';
import { SecretBox } from './secret-box.js';

let store: Store;
beforeEach(async () => {
  store = await openTestStore();
});
afterEach(async () => store.close());

const newBox = () => new SecretBox(randomBytes(32));

describe('the master key check value', () => {
  it('is written on the first start and then admits only the same key', async () => {
    const box = newBox();
    expect(await masterKeyMatches(store.db, box)).toBe(true);
    const row = await store.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'master_key_check', value: box.checkValue() });
    expect(await masterKeyMatches(store.db, box)).toBe(true);
    expect(await masterKeyMatches(store.db, newBox())).toBe(false);
  });

  it('never stores the key itself, and differs per key', () => {
    const key = randomBytes(32);
    const value = new SecretBox(key).checkValue();
    expect(value).not.toContain(key.toString('base64url'));
    expect(value).not.toContain(key.toString('hex'));
    expect(new SecretBox(Buffer.from(key)).checkValue()).toBe(value);
    expect(newBox().checkValue()).not.toBe(value);
  });

  it('judges a database sealed before the check existed by whether its secrets open', async () => {
    const box = newBox();
    await store.db
      .insertInto('signing_keys')
      .values({ kid: 'k1', private_sealed: box.seal('{}'), public_jwk: '{}', created_at: 'now' })
      .execute();
    expect(await masterKeyMatches(store.db, newBox())).toBe(false);
    expect(await store.db.selectFrom('settings').selectAll().execute()).toEqual([]);
    expect(await masterKeyMatches(store.db, box)).toBe(true);
    expect(await masterKeyMatches(store.db, newBox())).toBe(false);
  });
});
