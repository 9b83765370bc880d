import { FormatRegistry, Type, type Static } from '@sinclair/typebox';
import { isDate8 } from '../../core/http/validation.js';
import { indicatorNames } from './indicators.js';

// The HTTP layer validates with Ajv; the records import (CLI) checks the same schema with TypeBox.
if (!FormatRegistry.Has('date8')) FormatRegistry.Set('date8', isDate8);

const text = (description: string) => Type.String({ description, maxLength: 256 });
const date8 = (description: string) =>
  Type.String({ description: `${description} (YYYYMMDD)`, format: 'date8' });
const twoLetters = (description: string) => Type.String({ description, pattern: '^[A-Za-z]{2}$' });

/** The `aamva` object. All values are strings; unknown extra fields are ignored. */
export const Aamva = Type.Object({
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
});
export type Aamva = Static<typeof Aamva>;

const Indicator = Type.Union([Type.Literal('TRUE'), Type.Literal('FALSE'), Type.Literal('NULL')]);

export const VerificationRequest = Type.Object({ aamva: Aamva });

export const VerificationResponse = Type.Object({
  ...Object.fromEntries(indicatorNames.map((n) => [n, Indicator])),
  replay: Type.Literal('NULL'),
  transaction_locator_id: Type.String({ format: 'uuid' }),
});
