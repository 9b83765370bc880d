import { describe, expect, it } from 'vitest';
import { buildDeviceSig, parseDeviceSig } from './device-sig.js';

const signature = Buffer.from([1, 2, 3, 250]);

describe('X-Device-Sig', () => {
  it('signs the first part as sent and parses back what it built', async () => {
    const signed: string[] = [];
    const header = await buildDeviceSig('NzbLsXh8uDCcd', 'nonce:with:colons', (text) => {
      signed.push(text);
      return signature;
    });
    const [first, second] = header.split('.');
    expect(signed).toEqual([first]);
    expect(Buffer.from(first ?? '', 'base64').toString()).toBe('NzbLsXh8uDCcd:nonce:with:colons');
    expect(second).toBe(signature.toString('base64'));
    expect(parseDeviceSig(` ${header} `)).toEqual({
      thumbprint: 'NzbLsXh8uDCcd',
      nonce: 'nonce:with:colons',
      signedText: first,
      signature,
    });
  });

  it('accepts base64url parts', () => {
    const first = Buffer.from('tp:n>?').toString('base64url');
    expect(parseDeviceSig(`${first}.${signature.toString('base64url')}`)).toMatchObject({
      thumbprint: 'tp',
      nonce: 'n>?',
      signature,
    });
  });

  it.each([
    undefined,
    '',
    'abc',
    'a.b.c',
    '!!!.???',
    `${Buffer.from('no-colon').toString('base64')}.AQID`,
    `${Buffer.from(':nonce').toString('base64')}.AQID`,
    `${Buffer.from('thumbprint:').toString('base64')}.AQID`,
    `${Buffer.from('thumbprint:nonce').toString('base64')}.`,
    `${Buffer.from('thumbprint:nonce').toString('base64')}.!!`,
    `${Buffer.from('thumbprint:no\u0000nce').toString('base64')}.AQID`,
    `${Buffer.from('thumbprint:two\nlines').toString('base64')}.AQID`,
    `${Buffer.from(`thumbprint:${'n'.repeat(513)}`).toString('base64')}.AQID`,
    `${Buffer.from('thumb/print:nonce').toString('base64')}.AQID`,
  ])('rejects %j', (header) => {
    expect(parseDeviceSig(header)).toBeNull();
  });
});
