import { describe, expect, it } from 'vitest';
import { openTestStore } from '../../test/helpers.js';
import { claimKey, purgeIdempotency, releaseKey, storeResponse } from './idempotency.js';

const now = new Date('2030-01-01T00:00:00Z');
const request = (claim: string, at = now) => ({
  customerId: 'c1',
  key: 'idem:k',
  claim,
  fingerprint: 'f',
  expiresAt: new Date(at.getTime() + 3_600_000),
  now: at,
  leaseMs: 60_000,
});

describe('idempotency keys', () => {
  it('a released claim (a 5xx, a refusal before the handler) lets the retry run', async () => {
    const store = await openTestStore();
    expect(await claimKey(store.db, request('a'))).toEqual({ kind: 'claimed' });
    expect(await claimKey(store.db, request('b'))).toEqual({ kind: 'in-progress' });
    await releaseKey(store.db, request('a'));
    expect(await claimKey(store.db, request('b'))).toEqual({ kind: 'claimed' });
    await store.close();
  });

  it('only the claim that made a row stores into it; expired rows are purged', async () => {
    const store = await openTestStore();
    await claimKey(store.db, request('a'));
    const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{}' };
    await storeResponse(store.db, request('intruder'), answer);
    expect(await claimKey(store.db, request('b'))).toEqual({ kind: 'in-progress' });
    await storeResponse(store.db, request('a'), answer);
    expect(await claimKey(store.db, request('b'))).toEqual({ kind: 'answered', response: answer });
    await purgeIdempotency(store.db, new Date(now.getTime() + 7_200_000));
    expect(await store.db.selectFrom('idempotency').selectAll().execute()).toEqual([]);
    await store.close();
  });
});
