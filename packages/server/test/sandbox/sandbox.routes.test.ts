import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicatorNames } from '../../src/areas/sandbox/indicators.js';
import { importRecords } from '../../src/areas/sandbox/records-repo.js';
import { testApp, type TestApp } from '../helpers.js';
import vectors from '../vectors/sandbox-cases.json' with { type: 'json' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const fullRequest = (identification_id: string, changes: Record<string, unknown> = {}) => ({
  aamva: {
    address_delivery_point_text_1: '123 MAIN ST',
    address_delivery_point_text_2: 'APT 4',
    document_category_code: '1',
    drivers_license_expiration_date: '20300101',
    drivers_license_issue_date: '20220101',
    identification_id,
    location_city_name: 'RICHMOND',
    location_postal_code: '23219-1234',
    location_state_us_postal_service_code: 'VA',
    message_destination_id: 'VA',
    person_birth_date: '19800115',
    person_eye_color_code: 'BRO',
    person_given_name: 'STEVEN',
    person_height_measure: '510',
    person_middle_name: 'ALLEN',
    person_name_suffix_text: 'JR',
    person_sex_code: '1',
    person_sur_name: 'BROWN',
    person_weight_measure: '180',
    ...changes,
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const verify = (body: unknown, token: string | null = t.customer.sandbox_token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

interface SpecCase {
  scenario: string;
  all?: string;
  request?: Record<string, unknown>;
  differences: Record<string, string>;
}
const spec = vectors as { indicators: string[]; cases: Record<string, SpecCase> };

/** What the spec's table says a case answers: baseline (or `all`), then its differences. */
const expectedIndicators = ({ all, differences }: SpecCase) =>
  Object.fromEntries(
    spec.indicators.map((name) => [
      name,
      differences[name] ?? all ?? (name.includes('_fuzzy_') ? 'FALSE' : 'TRUE'),
    ]),
  );

describe('the 24 predefined cases (spec table, transcribed in vectors/sandbox-cases.json)', () => {
  const cases = Object.entries(spec.cases);
  it('transcribes exactly DL000001–DL000024 over the 26 indicators the wire declares', () => {
    expect(cases.map(([id]) => id)).toEqual(
      Array.from({ length: 24 }, (_, i) => `DL${String(i + 1).padStart(6, '0')}`),
    );
    expect([...spec.indicators].sort()).toEqual([...indicatorNames].sort());
    expect(spec.indicators).toHaveLength(26);
  });

  it.each(cases)("%s answers baseline plus the spec's differences", async (id, entry) => {
    const res = await verify(fullRequest(id, entry.request));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { replay, transaction_locator_id, ...indicators } = res.json<Record<string, string>>();
    expect(indicators).toEqual(expectedIndicators(entry));
    expect(replay).toBe('NULL');
    expect(transaction_locator_id).toMatch(uuid);
  });

  it('keeps the spec quirks literally', () => {
    expect(expectedIndicators(spec.cases.DL000009!)).toMatchObject({
      drivers_license_expiration_date_match_indicator: 'TRUE',
    });
    expect(expectedIndicators(spec.cases.DL000014!)).toMatchObject({
      person_sex_code_match_indicator: 'FALSE',
      person_weight_match_indicator: 'FALSE',
    });
    expect(expectedIndicators(spec.cases.DL000024!)).toEqual(
      expectedIndicators(spec.cases.DL000001!),
    );
  });

  it('gives every call a new transaction_locator_id', async () => {
    const a = (await verify(fullRequest('DL000001'))).json<{ transaction_locator_id: string }>();
    const b = (await verify(fullRequest('DL000001'))).json<{ transaction_locator_id: string }>();
    expect(a.transaction_locator_id).not.toBe(b.transaction_locator_id);
  });
});

describe('DL000023 through the matching engine: names longer than the agency length', () => {
  // The predefined DL000023 answers fixed indicators; the behaviour it stands for (spec: names
  // longer than the agency field are truncated before comparison, and still match) is the
  // engine's, so it is checked on an imported record whose names exceed the field length.
  const head = (c: string, n: number) => c.repeat(n);
  const recordNames = {
    person_given_name: `${head('A', 40)}RECORDTAIL`,
    person_middle_name: `${head('M', 40)}RECORDTAIL`,
    person_sur_name: `${head('Z', 40)}RECORDTAIL`,
  };
  const requestNames = {
    person_given_name: `${head('A', 40)}OTHERTAILX`,
    person_middle_name: `${head('M', 40)}OTHERTAILX`,
    person_sur_name: `${head('Z', 40)}OTHERTAILX`,
  };
  const baselineAnswer = expectedIndicators(spec.cases.DL000023!);

  it('at the default length (SVC_SANDBOX_NAME_LENGTH, 40) every field matches: baseline', async () => {
    expect(t.config.sandboxNameLength).toBe(40);
    await importRecords(t.store.db, t.clock, [fullRequest('T-23-LONG', recordNames).aamva]);
    const res = await verify(fullRequest('T23LONG', requestNames));
    expect(res.statusCode).toBe(200);
    const { replay, transaction_locator_id, ...indicators } = res.json<Record<string, string>>();
    expect(indicators).toEqual(baselineAnswer);
    expect(replay).toBe('NULL');
    expect(transaction_locator_id).toMatch(uuid);
  });

  it('with a longer agency field the same names differ: truncation is what makes them match', async () => {
    const wide = await testApp({ sandboxNameLength: 60 });
    try {
      await importRecords(wide.store.db, wide.clock, [fullRequest('T-23-LONG', recordNames).aamva]);
      const res = await wide.app.inject({
        method: 'POST',
        url: '/api/v2/verifications',
        headers: { authorization: `Bearer ${wide.customer.sandbox_token}` },
        payload: fullRequest('T23LONG', requestNames),
      });
      expect(res.json()).toMatchObject({
        person_first_name_exact_match_indicator: 'FALSE',
        person_middle_name_exact_match_indicator: 'FALSE',
        person_last_name_exact_match_indicator: 'FALSE',
      });
    } finally {
      await wide.close();
    }
  });
});

describe('other license numbers go to the matching engine', () => {
  beforeAll(async () => {
    await importRecords(t.store.db, t.clock, [fullRequest('X-100-200').aamva]);
  });

  it('matches an imported record, normalizing the number', async () => {
    const body = (await verify(fullRequest('x100 200', { person_given_name: 'stephen' }))).json<
      Record<string, string>
    >();
    expect(body.drivers_license_number_match_indicator).toBe('TRUE');
    expect(body.person_first_name_exact_match_indicator).toBe('FALSE');
    expect(body.person_first_name_fuzzy_primary_match_indicator).toBe('TRUE');
    expect(body.person_last_name_exact_match_indicator).toBe('TRUE');
  });

  it('an unknown number: number FALSE, the rest NULL', async () => {
    const body = (await verify(fullRequest('Z999'))).json<Record<string, string>>();
    expect(body.drivers_license_number_match_indicator).toBe('FALSE');
    expect(body.person_birth_date_match_indicator).toBe('NULL');
  });

  it('truncates names at the jurisdiction length from config', async () => {
    const small = await testApp({ sandboxNameLengths: { VA: 10 } });
    try {
      await importRecords(small.store.db, small.clock, [
        fullRequest('T1', { person_sur_name: 'WORTHINGTON-SMYTHE' }).aamva,
      ]);
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/v2/verifications',
        headers: { authorization: `Bearer ${small.customer.sandbox_token}` },
        payload: fullRequest('T1', { person_sur_name: 'WORTHINGTONIAN' }),
      });
      expect(res.json()).toMatchObject({ person_last_name_exact_match_indicator: 'TRUE' });
    } finally {
      await small.close();
    }
  });
});

describe('validation (422 ErrorWithFields naming every bad field)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a number instead of a string', { person_height_measure: 510 }, 'aamva.person_height_measure'],
    ['a 7-digit date', { person_birth_date: '1980011' }, 'aamva.person_birth_date'],
    [
      'a separated date',
      { drivers_license_issue_date: '2022-01-01' },
      'aamva.drivers_license_issue_date',
    ],
    [
      'February 30',
      { drivers_license_expiration_date: '20300230' },
      'aamva.drivers_license_expiration_date',
    ],
    ['month 13', { person_birth_date: '19801301' }, 'aamva.person_birth_date'],
    [
      'a three-letter state',
      { location_state_us_postal_service_code: 'VAA' },
      'aamva.location_state_us_postal_service_code',
    ],
    ['a digit destination', { message_destination_id: 'V1' }, 'aamva.message_destination_id'],
    ['a missing identification_id', { identification_id: undefined }, 'aamva.identification_id'],
    ['a null value', { person_given_name: null }, 'aamva.person_given_name'],
  ];

  it.each(cases)('rejects %s', async (_name, changes, field) => {
    const res = await verify(fullRequest('DL000001', changes));
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      error: string;
      message: string;
      description: string;
      field_errors: Record<string, string[]>;
    }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(typeof body.message).toBe('string');
    expect(typeof body.description).toBe('string');
    expect(Object.keys(body.field_errors)).toEqual([field]);
  });

  it('names every bad field at once', async () => {
    const res = await verify(
      fullRequest('DL000001', {
        person_birth_date: 'x',
        location_state_us_postal_service_code: '1',
        person_sex_code: 1,
      }),
    );
    expect(Object.keys(res.json<{ field_errors: object }>().field_errors).sort()).toEqual([
      'aamva.location_state_us_postal_service_code',
      'aamva.person_birth_date',
      'aamva.person_sex_code',
    ]);
  });

  it('accepts Feb 29 of a leap year', async () => {
    expect(
      (await verify(fullRequest('DL000001', { person_birth_date: '20000229' }))).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown field inside aamva by name, so a misspelling cannot turn indicators NULL', async () => {
    const res = await verify(
      fullRequest('V-100', { person_givn_name: 'STEVEN', person_sur_nme: 'BROWN' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      field_errors: {
        'aamva.person_givn_name': ['is not a known field'],
        'aamva.person_sur_nme': ['is not a known field'],
      },
    });
    expect(Object.keys(res.json<{ field_errors: object }>().field_errors).sort()).toEqual([
      'aamva.person_givn_name',
      'aamva.person_sur_nme',
    ]);
    // Outside aamva, unknown fields are still ignored.
    expect((await verify({ ...fullRequest('DL000001'), note: 'x' })).statusCode).toBe(200);
  });

  it('requires the aamva object', async () => {
    const res = await verify({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field_errors: { aamva: ['is required'] } });
  });
});
