import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import { randomIds } from '../../core/ids.js';
import type { Store } from '../../core/store/index.js';
import { openTestStore } from '../../../test/helpers.js';
import { importRecords } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import { verifyLicense } from './verify.js';

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
  await importRecords(store.db, new ManualClock(), [
    { identification_id: 'V-100', person_given_name: 'STEVEN', person_sur_name: 'BROWN' },
  ]);
});
afterAll(async () => store.close());

const verify = (identification_id: string, fields: Record<string, string> = {}) =>
  verifyLicense(
    { db: store.db, ids: randomIds, nameLength: () => 40 },
    { identification_id, ...fields },
  );

it('answers a predefined case with its indicators and a new locator each time', async () => {
  const first = await verify('DL000015');
  const second = await verify('DL000015');
  expect(first).toEqual({
    ...scenarioIndicators('DL000015'),
    replay: 'NULL',
    transaction_locator_id: first.transaction_locator_id,
  });
  expect(first.transaction_locator_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.transaction_locator_id).not.toBe(first.transaction_locator_id);
  expect(second).not.toBe(first);
  // The answer given out is a copy: changing it changes no later answer.
  first.person_birth_date_match_indicator = 'FALSE';
  expect((await verify('DL000015')).person_birth_date_match_indicator).toBe('TRUE');
  expect(Object.keys(second)).toEqual(Object.keys(first));
});

it('answers an imported record by matching, and an unknown number as no record', async () => {
  const record = await verify('V-100', { person_given_name: 'STEVEN', person_sur_name: 'BROWN' });
  expect(record).toMatchObject({
    drivers_license_number_match_indicator: 'TRUE',
    person_first_name_exact_match_indicator: 'TRUE',
    replay: 'NULL',
  });
  const unknown = await verify('NOPE-1');
  expect(unknown).toMatchObject({
    drivers_license_number_match_indicator: 'FALSE',
    person_birth_date_match_indicator: 'NULL',
    replay: 'NULL',
  });
  expect(unknown.transaction_locator_id).not.toBe(record.transaction_locator_id);
});
