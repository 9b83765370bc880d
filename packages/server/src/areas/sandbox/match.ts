import { doubleMetaphone } from 'double-metaphone';
import { allOf, type IndicatorValue, type Indicators } from './indicators.js';
import { normalize, normalizeLicenseNumber, splitPostalCode } from './normalize.js';
import type { Aamva } from './schemas.js';

/** An agency record: the same field names as the request. */
export type AgencyRecord = Partial<Record<keyof Aamva, string>>;

const indicator = (matches: boolean): IndicatorValue => (matches ? 'TRUE' : 'FALSE');

/** `NULL` when either side lacks the value, else whether they are equal. */
function compare(a: string | null, b: string | null): IndicatorValue {
  return a === null || b === null ? 'NULL' : indicator(a === b);
}

function field(request: Aamva, record: AgencyRecord, key: keyof Aamva): IndicatorValue {
  return compare(normalize(request[key]), normalize(record[key]));
}

/**
 * Exact, then fuzzy: the Double Metaphone primary and alternate codes are compared only when the
 * exact comparison fails (an exact match reports both fuzzy indicators FALSE, as the baseline does).
 * Names longer than the agency's field are truncated on both sides first.
 */
function names(
  request: string | undefined,
  record: string | undefined,
  length: number,
): [IndicatorValue, IndicatorValue, IndicatorValue] {
  const a = normalize(request)?.slice(0, length) ?? null;
  const b = normalize(record)?.slice(0, length) ?? null;
  if (a === null || b === null) return ['NULL', 'NULL', 'NULL'];
  if (a === b) return ['TRUE', 'FALSE', 'FALSE'];
  const [primaryA, alternateA] = doubleMetaphone(a);
  const [primaryB, alternateB] = doubleMetaphone(b);
  return ['FALSE', indicator(alternateA === alternateB), indicator(primaryA === primaryB)];
}

/**
 * Compares a request with the agency record of its license number. Without a record, the number
 * indicator is FALSE and everything else NULL (nothing to compare).
 */
export function matchRecord(
  request: Aamva,
  record: AgencyRecord | null,
  nameLength: number,
): Indicators {
  const out = allOf('NULL');
  if (!record) {
    out.drivers_license_number_match_indicator = 'FALSE';
    return out;
  }
  out.drivers_license_number_match_indicator = compare(
    normalizeLicenseNumber(request.identification_id),
    normalizeLicenseNumber(record.identification_id),
  );
  out.address_line1_match_indicator = field(request, record, 'address_delivery_point_text_1');
  out.address_line2_match_indicator = field(request, record, 'address_delivery_point_text_2');
  out.address_city_match_indicator = field(request, record, 'location_city_name');
  out.address_state_code_match_indicator = field(
    request,
    record,
    'location_state_us_postal_service_code',
  );
  const zipA = splitPostalCode(request.location_postal_code);
  const zipB = splitPostalCode(record.location_postal_code);
  out.address_zip5_match_indicator = compare(zipA.zip5, zipB.zip5);
  out.address_zip4_match_indicator = compare(zipA.zip4, zipB.zip4);
  out.document_category_match_indicator = field(request, record, 'document_category_code');
  out.drivers_license_expiration_date_match_indicator = field(
    request,
    record,
    'drivers_license_expiration_date',
  );
  out.drivers_license_issue_date_match_indicator = field(
    request,
    record,
    'drivers_license_issue_date',
  );
  out.person_birth_date_match_indicator = field(request, record, 'person_birth_date');
  out.person_eye_color_match_indicator = field(request, record, 'person_eye_color_code');
  out.person_height_match_indicator = field(request, record, 'person_height_measure');
  out.person_weight_match_indicator = field(request, record, 'person_weight_measure');
  out.person_sex_code_match_indicator = field(request, record, 'person_sex_code');
  out.person_name_suffix_match_indicator = field(request, record, 'person_name_suffix_text');
  out.person_middle_initial_match_indicator = compare(
    normalize(request.person_middle_name)?.charAt(0) ?? null,
    normalize(record.person_middle_name)?.charAt(0) ?? null,
  );
  [
    out.person_first_name_exact_match_indicator,
    out.person_first_name_fuzzy_alternate_match_indicator,
    out.person_first_name_fuzzy_primary_match_indicator,
  ] = names(request.person_given_name, record.person_given_name, nameLength);
  [
    out.person_middle_name_exact_match_indicator,
    out.person_middle_name_fuzzy_alternate_match_indicator,
    out.person_middle_name_fuzzy_primary_match_indicator,
  ] = names(request.person_middle_name, record.person_middle_name, nameLength);
  [
    out.person_last_name_exact_match_indicator,
    out.person_last_name_fuzzy_alternate_match_indicator,
    out.person_last_name_fuzzy_primary_match_indicator,
  ] = names(request.person_sur_name, record.person_sur_name, nameLength);
  return out;
}
