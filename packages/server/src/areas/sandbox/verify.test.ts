import { SandboxVerification } from '@svc/wire';
import { expect, it } from 'vitest';
import { randomIds } from '../../core/ids.js';
import { useRecordStore } from '../../../test/sandbox/sandbox.kit.js';
import { scenarioIndicators } from './scenarios.js';
import { verify as verifyLicense } from './verify.js';

const store = useRecordStore();

const verify = async (identification_id: string, fields: Record<string, string> = {}) => {
  const answer = await verifyLicense(
    { db: store().db, ids: randomIds, nameLength: () => 40 },
    { identification_id, ...fields },
  );
  return { answer: answer as unknown as Record<string, string> };
};

/** The response schema's fields, in its order. */
const schemaOrder = Object.keys(SandboxVerification.properties);

it('answers a predefined case with its indicators, in the schema order, and a new locator each time', async () => {
  const first = await verify('DL000015');
  const second = await verify('DL000015');
  expect(first.answer).toEqual({
    ...scenarioIndicators('DL000015'),
    replay: 'NULL',
    transaction_locator_id: first.answer.transaction_locator_id,
  });
  expect(Object.keys(first.answer)).toEqual(schemaOrder);
  expect(first.answer.transaction_locator_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.answer.transaction_locator_id).not.toBe(first.answer.transaction_locator_id);
});

it('answers an imported record by matching, and an unknown number as no record', async () => {
  const record = await verify('V-100', { person_given_name: 'STEVEN', person_sur_name: 'BROWN' });
  expect(record.answer).toMatchObject({
    drivers_license_number_match_indicator: 'TRUE',
    person_first_name_exact_match_indicator: 'TRUE',
    replay: 'NULL',
  });
  expect(Object.keys(record.answer)).toEqual(schemaOrder);
  const unknown = await verify('NOPE-1');
  expect(unknown.answer).toMatchObject({
    drivers_license_number_match_indicator: 'FALSE',
    person_birth_date_match_indicator: 'NULL',
    replay: 'NULL',
  });
  expect(Object.keys(unknown.answer)).toEqual(schemaOrder);
  expect(unknown.answer.transaction_locator_id).not.toBe(record.answer.transaction_locator_id);
});
