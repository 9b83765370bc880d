import { describe, expect, it } from 'vitest';
import { authenticatorName } from './aaguids.js';

describe('authenticatorName', () => {
  it('names well-known models, in any letter case', () => {
    expect(authenticatorName('fbfc3007-154e-4ecc-8c0b-6e020557d7bd')).toBe('iCloud Keychain');
    expect(authenticatorName('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4')).toBe(
      'Google Password Manager',
    );
  });

  it('knows nothing of other or missing AAGUIDs', () => {
    expect(authenticatorName('01020304-0506-0708-0102-030405060708')).toBeNull();
    expect(authenticatorName(null)).toBeNull();
  });
});
