import { sha256Hex } from './sha256-hex.js';

/** What a document's own resource fields are; they are not license data and never hashed. */
const documentFields = new Set(['hash', 'id', 'type', 'verification_status']);

/**
 * The hash a device registers for a scanned license (svc stores nothing else of it): SHA-256, in
 * lowercase hex, of the license fields as canonical JSON — the AAMVADriversLicense fields
 * (`first_name`, `customer_id`, …) without `hash`, `id`, `type` and `verification_status`, keys
 * sorted by UTF-16 code units, no whitespace, values as given (strings, `height` a number).
 * The same license always gives the same hash, whatever the order of its fields.
 */
export async function licenseHash(license: Record<string, unknown>): Promise<string> {
  const entries = Object.entries(license)
    .filter(([key, value]) => !documentFields.has(key) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of entries)
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`license field ${key} must be a string or a number`);
  const canonical = JSON.stringify(Object.fromEntries(entries));
  return sha256Hex(canonical);
}
