import type { IdentityDocumentBody } from '@svc/wire/web';

/** The license fields of a document registration (everything but the document's own fields). */
export type LicenseFields = Omit<
  IdentityDocumentBody,
  'hash' | 'id' | 'type' | 'verification_status'
>;

/** The text is not the barcode of an AAMVA driver's license or ID card. */
export class LicenseBarcodeError extends Error {
  override readonly name = 'LicenseBarcodeError';
}

const eyes: Record<string, LicenseFields['eye_color']> = {
  BLK: 'BLACK',
  BLU: 'BLUE',
  BRO: 'BROWN',
  GRY: 'GRAY',
  GRN: 'GREEN',
  HAZ: 'HAZEL',
  MAR: 'MAROON',
  PNK: 'PINK',
  DIC: 'DICHROMATIC',
  UNK: 'UNKNOWN',
};
const hair: Record<string, LicenseFields['hair_color']> = {
  BAL: 'BALD',
  BLK: 'BLACK',
  BLN: 'BLOND',
  BRO: 'BROWN',
  GRY: 'GREY',
  RED: 'RED',
  SDY: 'SANDY',
  WHI: 'WHITE',
  UNK: 'UNKNOWN',
};
const sexes: Record<string, LicenseFields['gender']> = {
  '1': 'MALE',
  M: 'MALE',
  '2': 'FEMALE',
  F: 'FEMALE',
  X: 'OTHER',
  '9': 'UNKNOWN',
};
const truncations: Record<string, LicenseFields['first_name_truncation']> = {
  T: 'TRUNCATED',
  N: 'NONE',
  U: 'UNKNOWN',
};
const countries: Record<string, LicenseFields['country']> = { USA: 'UNITED_STATES', CAN: 'CANADA' };
const ordinals: LicenseFields['suffix'][] = [
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
];
const romans = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];

/** `JR`, `SR`, `1ST`…`9TH` or `I`…`IX`; anything else is UNKNOWN. */
function suffixOf(code: string): LicenseFields['suffix'] {
  if (code === 'JR') return 'JUNIOR';
  if (code === 'SR') return 'SENIOR';
  const n = Number(/^(\d)(ST|ND|RD|TH)$/.exec(code)?.[1] ?? romans.indexOf(code) + 1);
  return ordinals[n - 1] ?? 'UNKNOWN';
}

/** Inches, as US cards give them (`070 IN`); a Canadian card's centimetres are converted. */
function heightOf(value: string): number | undefined {
  const m = /^(\d{1,3})\s*(IN|CM)?$/i.exec(value);
  if (!m) return undefined;
  return m[2]?.toUpperCase() === 'CM' ? Math.round(Number(m[1]) / 2.54) : Number(m[1]);
}

/** `YYYY-MM-DD` of a US card's MMDDCCYY or a Canadian card's CCYYMMDD; else nothing. */
function dateOf(value: string, canadian: boolean): string | undefined {
  const m = canadian
    ? /^(\d{4})(\d{2})(\d{2})$/.exec(value)
    : /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = canadian ? [m[1], m[2], m[3]] : [m[3], m[1], m[2]];
  return `${year}-${month}-${day}`;
}

/**
 * The elements of the card's DL (or ID) subfile, by element ID: found by the header's subfile
 * designators (type, offset, length), or, where a jurisdiction's offsets are off, as the first
 * `DL`/`ID` followed by an element after them.
 */
function subfileElements(text: string): Map<string, string> {
  const start = text.search(/ANSI |AAMVA/);
  const header = /^(?:ANSI |AAMVA)\d{6}(\d{2})/.exec(text.slice(start));
  if (start < 0 || !header) throw new LicenseBarcodeError('no AAMVA header');
  const version = Number(header[1]);
  let at = start + 13 + (version >= 2 ? 2 : 0);
  const entries = Number(text.slice(at, at + 2));
  at += 2;
  let body: string | undefined;
  for (let i = 0; i < entries && body === undefined; i++, at += 10) {
    const [type, offset, length] = [
      text.slice(at, at + 2),
      text.slice(at + 2, at + 6),
      text.slice(at + 6, at + 10),
    ];
    if (type !== 'DL' && type !== 'ID') continue;
    const byOffset = text.slice(
      start - 4 + Number(offset),
      start - 4 + Number(offset) + Number(length),
    );
    const found = /(?:DL|ID)(?=[A-Z]{3})/.exec(text.slice(at));
    body = byOffset.startsWith(type) ? byOffset : found ? text.slice(at + found.index) : undefined;
  }
  if (body === undefined) throw new LicenseBarcodeError('no DL or ID subfile');
  const elements = new Map<string, string>();
  for (const line of body.slice(2).split(/[\n\r]/)) {
    const id = line.slice(0, 3);
    const value = line.slice(3).trim();
    if (/^[A-Z]{3}$/.test(id) && value && !elements.has(id)) elements.set(id, value);
  }
  return elements;
}

/**
 * The license fields of a driver's license or ID card's PDF417 barcode text (AAMVA DL/ID Card
 * Design Standard): names, dates as `YYYY-MM-DD`, codes in the document registration's words,
 * height in inches, the license number (DAQ) as `customer_id`. Elements the registration has no
 * field for, and values it cannot take, are left out; the same card always gives the same fields.
 * Throws LicenseBarcodeError when the text is no AAMVA card or names no license number.
 */
export function readLicenseBarcode(text: string): LicenseFields {
  if (text.length > 4096) throw new LicenseBarcodeError('too long for a license barcode');
  const elements = subfileElements(text);
  const canadian = elements.get('DCG') === 'CAN';
  const read = <T>(id: string, as: (value: string) => T | undefined): T | undefined => {
    const value = elements.get(id);
    return value === undefined ? undefined : as(value);
  };
  const plain = (id: string) => read(id, (value) => value);
  const date = (value: string) => dateOf(value, canadian);
  const code =
    <T>(table: Record<string, T>) =>
    (value: string) =>
      table[value.toUpperCase()];
  const [given, middle] = (plain('DCT') ?? '').split(/,\s*|\s+/);
  const fields: LicenseFields = {
    customer_id: plain('DAQ'),
    first_name: plain('DAC') ?? (given || undefined),
    middle_name: plain('DAD') ?? (middle || undefined),
    last_name: plain('DCS') ?? plain('DAB'),
    suffix: read('DCU', suffixOf),
    date_of_birth: read('DBB', date),
    issue_date: read('DBD', date),
    expiration_date: read('DBA', date),
    gender: read('DBC', code(sexes)),
    eye_color: read('DAY', code(eyes)),
    hair_color: read('DAZ', code(hair)),
    height: read('DAU', heightOf),
    street_address: plain('DAG'),
    street_address_supplement: plain('DAH'),
    city: plain('DAI'),
    state: plain('DAJ'),
    postal_code: plain('DAK'),
    country: read('DCG', (value) => countries[value] ?? 'UNKNOWN'),
    document_id: plain('DCF'),
    last_name_truncation: read('DDE', code(truncations)),
    first_name_truncation: read('DDF', code(truncations)),
    middle_name_truncation: read('DDG', code(truncations)),
    place_of_birth: plain('DCI'),
    audit_information: plain('DCJ'),
    inventory_control_number: plain('DCK'),
    last_name_alias: plain('DBN'),
    first_name_alias: plain('DBG'),
    suffix_alias: plain('DBS'),
  };
  const kept = Object.entries(fields).filter(
    ([, value]) => value !== undefined && (typeof value !== 'string' || value.length <= 256),
  );
  const license = Object.fromEntries(kept) as LicenseFields;
  if (!license.customer_id) throw new LicenseBarcodeError('no license number (DAQ)');
  return license;
}
