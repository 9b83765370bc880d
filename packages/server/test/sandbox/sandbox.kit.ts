import { afterAll, beforeAll } from 'vitest';
import { importRecords } from '../../src/areas/sandbox/records-repo.js';
import { ManualClock } from '../../src/core/clock.js';
import type { Store } from '../../src/core/store/index.js';
import { openTestStore } from '../helpers.js';

/** A store for the file's tests holding one imported agency record: V-100, STEVEN BROWN. */
export function useRecordStore(): () => Store {
  let store: Store | undefined;
  beforeAll(async () => {
    store = await openTestStore();
    await importRecords(store.db, new ManualClock(), [
      { identification_id: 'V-100', person_given_name: 'STEVEN', person_sur_name: 'BROWN' },
    ]);
  });
  afterAll(async () => store?.close());
  return () => {
    if (!store) throw new Error('the store opens before the tests');
    return store;
  };
}
