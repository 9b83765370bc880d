import { describe, expect, it } from 'vitest';
import { matchRecord, type AgencyRecord } from './match.js';
import type { Aamva } from './schemas.js';

const record: AgencyRecord = {
  identification_id: 'D123-456-789',
  person_given_name: 'Steven',
  person_middle_name: 'Allen',
  person_sur_name: 'Brown',
  person_name_suffix_text: 'JR',
  person_birth_date: '19800115',
  person_eye_color_code: 'BRO',
  person_height_measure: '510',
  person_weight_measure: '180',
  person_sex_code: '1',
  address_delivery_point_text_1: '123 Main St',
  address_delivery_point_text_2: 'Apt 4',
  location_city_name: 'Richmond',
  location_state_us_postal_service_code: 'VA',
  location_postal_code: '23219-1234',
  document_category_code: '1',
  drivers_license_issue_date: '20200101',
  drivers_license_expiration_date: '20280101',
};

const request = (changes: Partial<Aamva> = {}): Aamva => ({
  ...(record as Aamva),
  identification_id: 'D123456789',
  ...changes,
});

describe('matchRecord', () => {
  it('matches every field of an identical request exactly, fuzzy indicators FALSE', () => {
    const out = matchRecord(request(), record, 40);
    const fuzzy = Object.entries(out).filter(([k]) => k.includes('_fuzzy_'));
    const rest = Object.entries(out).filter(([k]) => !k.includes('_fuzzy_'));
    expect(fuzzy.every(([, v]) => v === 'FALSE')).toBe(true);
    expect(rest.every(([, v]) => v === 'TRUE')).toBe(true);
  });

  it('normalizes case, white space and license-number punctuation', () => {
    const out = matchRecord(
      request({
        identification_id: ' d123 456.789 ',
        person_given_name: '  steven ',
        location_city_name: 'richmond',
        address_delivery_point_text_1: '123   main  st',
      }),
      record,
      40,
    );
    expect(out.drivers_license_number_match_indicator).toBe('TRUE');
    expect(out.person_first_name_exact_match_indicator).toBe('TRUE');
    expect(out.address_city_match_indicator).toBe('TRUE');
    expect(out.address_line1_match_indicator).toBe('TRUE');
  });

  it('STEVEN and STEPHEN match fuzzily (primary and alternate), not exactly', () => {
    const out = matchRecord(request({ person_given_name: 'Stephen' }), record, 40);
    expect(out.person_first_name_exact_match_indicator).toBe('FALSE');
    expect(out.person_first_name_fuzzy_primary_match_indicator).toBe('TRUE');
    expect(out.person_first_name_fuzzy_alternate_match_indicator).toBe('TRUE');
  });

  it('BROWN and BARON match fuzzily', () => {
    const out = matchRecord(request({ person_sur_name: 'Baron' }), record, 40);
    expect(out.person_last_name_exact_match_indicator).toBe('FALSE');
    expect(out.person_last_name_fuzzy_primary_match_indicator).toBe('TRUE');
    expect(out.person_last_name_fuzzy_alternate_match_indicator).toBe('TRUE');
  });

  it('unrelated names fail exact and both fuzzy indicators', () => {
    const out = matchRecord(
      request({ person_sur_name: 'Smith' }),
      { ...record, person_sur_name: 'Schmidt' },
      40,
    );
    expect([
      out.person_last_name_exact_match_indicator,
      out.person_last_name_fuzzy_primary_match_indicator,
      out.person_last_name_fuzzy_alternate_match_indicator,
    ]).toEqual(['FALSE', 'FALSE', 'FALSE']);
  });

  it('compares the middle initial by its first letter', () => {
    const out = matchRecord(request({ person_middle_name: 'Andrew' }), record, 40);
    expect(out.person_middle_initial_match_indicator).toBe('TRUE');
    expect(out.person_middle_name_exact_match_indicator).toBe('FALSE');
  });

  it('an empty middle name has nothing to compare: NULL', () => {
    const out = matchRecord(request({ person_middle_name: '' }), record, 40);
    expect(out.person_middle_initial_match_indicator).toBe('NULL');
    expect(out.person_middle_name_exact_match_indicator).toBe('NULL');
    expect(out.person_middle_name_fuzzy_primary_match_indicator).toBe('NULL');
  });

  it('truncates names longer than the jurisdiction field length before comparing', () => {
    const long = 'Maximilianus Alexander Fitzgerald-Worthington';
    const agency = { ...record, person_sur_name: long.slice(0, 20) };
    expect(
      matchRecord(request({ person_sur_name: long }), agency, 20)
        .person_last_name_exact_match_indicator,
    ).toBe('TRUE');
    expect(
      matchRecord(request({ person_sur_name: long }), agency, 40)
        .person_last_name_exact_match_indicator,
    ).toBe('FALSE');
  });

  it('splits ZIP5 and ZIP4 from the postal code', () => {
    expect(matchRecord(request({ location_postal_code: '232191234' }), record, 40)).toMatchObject({
      address_zip5_match_indicator: 'TRUE',
      address_zip4_match_indicator: 'TRUE',
    });
    expect(matchRecord(request({ location_postal_code: '23219-9999' }), record, 40)).toMatchObject({
      address_zip5_match_indicator: 'TRUE',
      address_zip4_match_indicator: 'FALSE',
    });
    expect(matchRecord(request({ location_postal_code: '23219' }), record, 40)).toMatchObject({
      address_zip5_match_indicator: 'TRUE',
      address_zip4_match_indicator: 'NULL',
    });
  });

  it('reports NULL where the record lacks data', () => {
    const { person_eye_color_code: _eye, ...lacking } = record;
    expect(matchRecord(request(), lacking, 40).person_eye_color_match_indicator).toBe('NULL');
  });

  it('without a record: number FALSE, everything else NULL', () => {
    const out = matchRecord(request(), null, 40);
    expect(out.drivers_license_number_match_indicator).toBe('FALSE');
    expect(
      Object.entries(out)
        .filter(([k]) => k !== 'drivers_license_number_match_indicator')
        .every(([, v]) => v === 'NULL'),
    ).toBe(true);
  });
});
