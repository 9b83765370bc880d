/** The 26 match indicators of the sandbox response, in the spec's order. */
export const indicatorNames = [
  'address_city_match_indicator',
  'address_line1_match_indicator',
  'address_line2_match_indicator',
  'address_state_code_match_indicator',
  'address_zip4_match_indicator',
  'address_zip5_match_indicator',
  'document_category_match_indicator',
  'drivers_license_expiration_date_match_indicator',
  'drivers_license_issue_date_match_indicator',
  'drivers_license_number_match_indicator',
  'person_birth_date_match_indicator',
  'person_eye_color_match_indicator',
  'person_height_match_indicator',
  'person_weight_match_indicator',
  'person_sex_code_match_indicator',
  'person_name_suffix_match_indicator',
  'person_middle_initial_match_indicator',
  'person_first_name_exact_match_indicator',
  'person_first_name_fuzzy_alternate_match_indicator',
  'person_first_name_fuzzy_primary_match_indicator',
  'person_last_name_exact_match_indicator',
  'person_last_name_fuzzy_alternate_match_indicator',
  'person_last_name_fuzzy_primary_match_indicator',
  'person_middle_name_exact_match_indicator',
  'person_middle_name_fuzzy_alternate_match_indicator',
  'person_middle_name_fuzzy_primary_match_indicator',
] as const;

export type IndicatorName = (typeof indicatorNames)[number];
export type IndicatorValue = 'TRUE' | 'FALSE' | 'NULL';
export type Indicators = Record<IndicatorName, IndicatorValue>;

export function isIndicatorName(name: string): name is IndicatorName {
  return (indicatorNames as readonly string[]).includes(name);
}

/** Baseline: every indicator TRUE except the six fuzzy ones, which are FALSE. */
export function baseline(): Indicators {
  return Object.fromEntries(
    indicatorNames.map((n) => [n, n.includes('_fuzzy_') ? 'FALSE' : 'TRUE']),
  ) as Indicators;
}

export function allOf(value: IndicatorValue): Indicators {
  return Object.fromEntries(indicatorNames.map((n) => [n, value])) as Indicators;
}
