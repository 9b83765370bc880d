import type { IdentityDocumentBody } from './schemas.js';

const sexCodes: Record<string, string> = { MALE: '1', FEMALE: '2', OTHER: '9', UNKNOWN: '9' };
const eyeCodes: Record<string, string> = {
  BLACK: 'BLK',
  BLUE: 'BLU',
  BROWN: 'BRO',
  GRAY: 'GRY',
  GREEN: 'GRN',
  HAZEL: 'HAZ',
  MAROON: 'MAR',
  PINK: 'PNK',
  DICHROMATIC: 'DIC',
};

/** `1980-01-15` or `19800115` as `19800115`; anything else (`01/15/1980`, say) is dropped. */
function date8(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  return m ? `${m[1]}${m[2]}${m[3]}` : undefined;
}

/**
 * The submitted AAMVA license fields in the agency's vocabulary (the sandbox's request fields).
 * Lives only in memory for the check; the AAMVA customer id is the license number.
 */
export function licenseFields(doc: IdentityDocumentBody): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    identification_id: doc.customer_id,
    person_given_name: doc.first_name,
    person_middle_name: doc.middle_name,
    person_sur_name: doc.last_name,
    person_birth_date: date8(doc.date_of_birth),
    drivers_license_expiration_date: date8(doc.expiration_date),
    drivers_license_issue_date: date8(doc.issue_date),
    person_sex_code: doc.gender ? sexCodes[doc.gender] : undefined,
    person_eye_color_code: doc.eye_color ? eyeCodes[doc.eye_color] : undefined,
    address_delivery_point_text_1: doc.street_address,
    address_delivery_point_text_2: doc.street_address_supplement,
    location_city_name: doc.city,
    location_state_us_postal_service_code: doc.state,
    location_postal_code: doc.postal_code,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    ),
  );
}
