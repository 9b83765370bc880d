import { readFile } from 'node:fs/promises';
import { IdentityDocumentBody } from '@svc/wire';

/** The AAMVADriversLicense fields of the specification (IdentityDocument's own fields aside). */
const allowed = new Set(
  Object.keys(IdentityDocumentBody.properties).filter(
    (key) => !['hash', 'id', 'verification_status'].includes(key),
  ),
);

/**
 * A scanned license as a JSON object of AAMVADriversLicense fields (`customer_id` is the license
 * number); `height` is a number, every other value a string. A field the specification does not
 * list is refused, so a misspelt one is not hashed silently.
 */
export async function readLicenseFile(path: string): Promise<Record<string, string | number>> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    const reason = err instanceof SyntaxError ? 'not JSON' : (err as Error).message;
    throw new Error(`cannot read the license ${path}: ${reason}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path}: a license is one JSON object of AAMVADriversLicense fields`);
  const license = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(license)) {
    if (!allowed.has(key))
      throw new Error(`${path}: ${key} is not a license field (see docs/cli.md for the list)`);
    const ok = key === 'height' ? typeof field === 'number' : typeof field === 'string';
    if (!ok) throw new Error(`${path}: ${key} must be a ${key === 'height' ? 'number' : 'string'}`);
  }
  if (license.type !== undefined && license.type !== 'AAMVA_DRIVERS_LICENSE')
    throw new Error(`${path}: type can only be AAMVA_DRIVERS_LICENSE`);
  return license as Record<string, string | number>;
}
