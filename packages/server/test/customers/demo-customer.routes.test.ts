import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditTrail } from '../../src/core/audit/trail.js';
import { ManualClock } from '../../src/core/clock.js';
import { SecretBox } from '../../src/core/crypto/secret-box.js';
import { createDemoCustomer } from '../../src/areas/customers/create-demo-customer.js';
import { countCustomers } from '../../src/areas/customers/customers-repo.js';
import { randomIds } from '../../src/core/ids.js';
import type { Store } from '../../src/core/store/index.js';
import { openTestStore } from '../helpers.js';

// Not a route test; named so for the `postgres` project, where the race can happen at all.
let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => store.close());

describe('the demo customer of a first start', () => {
  it('instances starting at once on an empty database create it once', async () => {
    const clock = new ManualClock();
    const deps = {
      db: store.db,
      box: new SecretBox(randomBytes(32)),
      ids: randomIds,
      clock,
      audit: new AuditTrail(clock, randomIds),
    };
    // Several rounds, as one round may not interleave.
    for (let round = 0; round < 10; round++) {
      await store.db.deleteFrom('credentials').execute();
      await store.db.deleteFrom('customers').execute();
      const created = await Promise.all([1, 2, 3].map(() => createDemoCustomer(deps)));
      expect(created.filter((c) => c !== null)).toEqual([
        expect.objectContaining({ name: 'demo' }),
      ]);
      expect(await countCustomers(store.db)).toBe(1);
    }
    expect(await createDemoCustomer(deps)).toBeNull();
  });
});
