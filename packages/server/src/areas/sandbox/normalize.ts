/** Trim, uppercase, collapse inner white space; empty means absent. */
export function normalize(value: string | undefined): string | null {
  const out = (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return out === '' ? null : out;
}

/** License numbers compare without punctuation or spaces: `D-123 456` is `D123456`. */
export function normalizeLicenseNumber(value: string | undefined): string | null {
  const out = (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  return out === '' ? null : out;
}

/** ZIP5 and ZIP4 from `12345`, `12345-6789` or `123456789`. */
export function splitPostalCode(value: string | undefined): {
  zip5: string | null;
  zip4: string | null;
} {
  const digits = (value ?? '').replace(/\D/g, '');
  return {
    zip5: digits.length >= 5 ? digits.slice(0, 5) : null,
    zip4: digits.length >= 9 ? digits.slice(5, 9) : null,
  };
}
