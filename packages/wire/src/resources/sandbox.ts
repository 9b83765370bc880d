import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';

// Dates use the custom format `date8` (YYYYMMDD naming a real calendar day): a validator must
// register it (the server does, for Ajv and for TypeBox's FormatRegistry).
const text = (description: string) => Type.String({ description, maxLength: 256 });
const date8 = (description: string) =>
  Type.String({ description: `${description} (YYYYMMDD)`, format: 'date8' });
const twoLetters = (description: string) => Type.String({ description, pattern: '^[A-Za-z]{2}$' });

/**
 * The `aamva` object. All values are strings. A field it does not list is refused (a misspelled
 * name must not silently turn its indicators into NULL): `additionalProperties` is a schema no
 * value meets, so validators report the unknown field by its own path.
 */
const aamva = Type.Object(
  {
    address_delivery_point_text_1: Type.Optional(text('street address line 1')),
    address_delivery_point_text_2: Type.Optional(text('street address line 2 (unit)')),
    document_category_code: Type.Optional(text('document category code')),
    drivers_license_expiration_date: Type.Optional(date8('expiration date')),
    drivers_license_issue_date: Type.Optional(date8('issue date')),
    identification_id: Type.String({
      description: 'license number; DL000001–DL000024 select a test case',
      minLength: 1,
      maxLength: 64,
    }),
    location_city_name: Type.Optional(text('city')),
    location_postal_code: Type.Optional(text('postal code: ZIP5, ZIP5-ZIP4 or 9 digits')),
    location_state_us_postal_service_code: Type.Optional(twoLetters('two-letter state code')),
    message_destination_id: Type.Optional(twoLetters('two-letter code of the agency addressed')),
    person_birth_date: Type.Optional(date8('birth date')),
    person_eye_color_code: Type.Optional(text('eye color code')),
    person_given_name: Type.Optional(text('first name')),
    person_height_measure: Type.Optional(text('height')),
    person_middle_name: Type.Optional(text('middle name; may be empty')),
    person_name_suffix_text: Type.Optional(text('name suffix')),
    person_sex_code: Type.Optional(text('sex code')),
    person_sur_name: Type.Optional(text('last name')),
    person_weight_measure: Type.Optional(text('weight')),
  },
  { additionalProperties: Type.Never() },
);
const aamvaExample: Static<typeof aamva> = {
  identification_id: 'DL000015',
  person_given_name: 'STEPHEN',
  person_middle_name: 'J',
  person_sur_name: 'SAMPLE',
  person_birth_date: '19800115',
  person_sex_code: '1',
  drivers_license_issue_date: '20200301',
  drivers_license_expiration_date: '20280115',
  address_delivery_point_text_1: '123 MAIN ST',
  location_city_name: 'SACRAMENTO',
  location_state_us_postal_service_code: 'CA',
  location_postal_code: '95814-1234',
  message_destination_id: 'CA',
};
export const Aamva = withExample(aamva, aamvaExample);
export type Aamva = Static<typeof Aamva>;

export const SandboxVerificationRequest = withExample(Type.Object({ aamva: Aamva }), {
  aamva: aamvaExample,
});
export type SandboxVerificationRequest = Static<typeof SandboxVerificationRequest>;

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

export const MatchIndicator = Type.Union([
  Type.Literal('TRUE'),
  Type.Literal('FALSE'),
  Type.Literal('NULL'),
]);
export type MatchIndicator = Static<typeof MatchIndicator>;

/** The 26 indicators plus `replay` and `transaction_locator_id`, as one flat object. */
const sandboxVerification = Type.Object({
  ...(Object.fromEntries(indicatorNames.map((n) => [n, MatchIndicator])) as Record<
    IndicatorName,
    typeof MatchIndicator
  >),
  replay: Type.Literal('NULL'),
  transaction_locator_id: Type.String({ format: 'uuid' }),
});
/** The example: case DL000015 (first name fuzzy, not exact). */
export const SandboxVerification = withExample(sandboxVerification, {
  ...(Object.fromEntries(
    indicatorNames.map((n) => [n, /fuzzy/.test(n) && !/first_name/.test(n) ? 'FALSE' : 'TRUE']),
  ) as Record<IndicatorName, MatchIndicator>),
  person_first_name_exact_match_indicator: 'FALSE',
  replay: 'NULL',
  transaction_locator_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
});
export type SandboxVerification = Static<typeof SandboxVerification>;
