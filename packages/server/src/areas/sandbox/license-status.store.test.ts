import { describe, expect, it } from 'vitest';
import { useRecordStore } from '../../../test/sandbox/sandbox.kit.js';
import { licenseStatus } from './license-status.js';

const store = useRecordStore();

const status = (identification_id: string, fields: Record<string, string> = {}) =>
  licenseStatus({ db: store().db, nameLength: () => 40 }, { identification_id, ...fields });

/** Each case's status follows its indicators (scenarios.json): a name passes on a primary fuzzy match. */
const expected: Record<string, 'VERIFIED' | 'FAILED'> = {
  DL000001: 'VERIFIED', // all fields match
  DL000002: 'FAILED', // nothing matches, the number included
  DL000003: 'FAILED',
  DL000004: 'FAILED',
  DL000005: 'FAILED',
  DL000006: 'FAILED',
  DL000007: 'FAILED',
  DL000008: 'FAILED',
  DL000009: 'VERIFIED', // its answer is baseline
  DL000010: 'FAILED',
  DL000011: 'FAILED',
  DL000012: 'FAILED',
  DL000013: 'FAILED',
  DL000014: 'FAILED',
  DL000015: 'VERIFIED', // first name fuzzy
  DL000016: 'VERIFIED', // middle name fuzzy
  DL000017: 'VERIFIED', // last name fuzzy
  DL000018: 'FAILED', // all names fuzzy, but the middle initial fails
  DL000019: 'FAILED', // middle name neither exact nor fuzzy
  DL000020: 'FAILED',
  DL000021: 'FAILED', // number mismatch
  DL000022: 'FAILED', // number mismatch; the NULLs fail nothing
  DL000023: 'VERIFIED',
  DL000024: 'VERIFIED',
};

describe('licenseStatus: the 24 sandbox cases are agency records', () => {
  it.each(Object.entries(expected))('%s is %s', async (id, want) => {
    expect(await status(id, { person_given_name: 'STEVEN', person_sur_name: 'BROWN' })).toBe(want);
  });

  it('a case answers as Area A does, whatever the other fields say', async () => {
    expect(await status('DL000001')).toBe('VERIFIED');
    expect(await status('DL000001', { person_given_name: 'ANYONE' })).toBe('VERIFIED');
    expect(await status('DL000002', { person_given_name: 'STEVEN' })).toBe('FAILED');
  });

  it('other numbers: the imported record decides; without one, UNVERIFIABLE', async () => {
    expect(await status('V100', { person_given_name: 'Stephen' })).toBe('VERIFIED');
    expect(await status('V100', { person_sur_name: 'Smith' })).toBe('FAILED');
    expect(await status('DL000025')).toBe('UNVERIFIABLE');
    expect(await status('dl000001')).toBe('UNVERIFIABLE');
    expect(await status('')).toBe('UNVERIFIABLE');
  });
});
