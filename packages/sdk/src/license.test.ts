import { describe, expect, it } from 'vitest';
import { licenseHash } from './license.js';

describe('licenseHash', () => {
  const license = {
    last_name: 'BROWN',
    first_name: 'STEVEN',
    customer_id: 'DL000001',
    height: 70,
    date_of_birth: '1980-01-15',
  };

  it('is SHA-256 hex of the fields as sorted, compact JSON (vector computed with sha256sum)', async () => {
    // printf '%s' '{"customer_id":"DL000001","date_of_birth":"1980-01-15","first_name":"STEVEN","height":70,"last_name":"BROWN"}' | sha256sum
    expect(await licenseHash(license)).toBe(
      '413b3175a6a127a01ea7eb8387bd1f0bfa63e856cdf0596da01f96e73de57555',
    );
  });

  it("ignores field order and the document's own fields (hash, id, type, verification_status)", async () => {
    const reordered = Object.fromEntries(Object.entries(license).reverse());
    expect(
      await licenseHash({
        ...reordered,
        hash: 'x',
        id: 'y',
        type: 'AAMVA_DRIVERS_LICENSE',
        verification_status: 'UNVERIFIED',
      }),
    ).toBe(await licenseHash(license));
  });

  it('changes with any value and refuses nested values', async () => {
    expect(await licenseHash({ ...license, first_name: 'STEPHEN' })).not.toBe(
      await licenseHash(license),
    );
    await expect(licenseHash({ address: { city: 'X' } })).rejects.toThrow(
      'address must be a string',
    );
  });
});
