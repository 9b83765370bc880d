import { describe, expect, it } from 'vitest';
import { migratedBefore } from '../migrations.kit.js';

describe('migration 0014 on users that already hold several documents', () => {
  it('keeps the newest of each user (then the highest id); a second one is refused', async () => {
    const { db, migrateRest, close } = await migratedBefore('0014');
    const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;
    await db
      .insertInto('customers')
      .values({
        id: 'c',
        name: 'c',
        verify_identity_documents: 0,
        number_matching: 0,
        created_at: at(1),
      })
      .execute();
    await db
      .insertInto('users')
      .values(['u1', 'u2', 'u3'].map((id) => ({ id, customer_id: 'c', created_at: at(1) })))
      .execute();
    const doc = (id: string, user_id: string, created_at: string) => ({
      id,
      customer_id: 'c',
      user_id,
      hash: `hash-${id}`,
      type: 'AAMVA_DRIVERS_LICENSE' as const,
      verification_status: 'UNVERIFIED' as const,
      verified_at: null,
      created_at,
    });
    await db
      .insertInto('identity_documents')
      .values([
        doc('a', 'u1', at(2)),
        doc('b', 'u1', at(3)),
        doc('c', 'u1', at(1)),
        doc('d', 'u2', at(2)),
        doc('e', 'u2', at(2)),
        doc('f', 'u3', at(1)),
      ])
      .execute();
    await migrateRest();
    const kept = await db
      .selectFrom('identity_documents')
      .select(['id', 'user_id'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { id: 'b', user_id: 'u1' }, // newest
      { id: 'e', user_id: 'u2' }, // same time as d, higher id
      { id: 'f', user_id: 'u3' },
    ]);
    await expect(
      db
        .insertInto('identity_documents')
        .values(doc('g', 'u3', at(4)))
        .execute(),
    ).rejects.toThrow();
    await close();
  });
});
