import { describe, expect, it } from 'vitest';
import vectors from '../../../test/vectors/hmac.json' with { type: 'json' };
import { stringToSign } from '@svc/sdk';
import { hmacSignature, parseHttpDate, parseSvcAuthorization, signatureMatches } from './hmac.js';

describe('SVC HMAC (vectors computed independently)', () => {
  it.each(vectors.cases)('$name', (c) => {
    expect(stringToSign(c)).toBe(c.stringToSign);
    expect(hmacSignature(vectors.secret, c)).toBe(c.signature);
    expect(signatureMatches(vectors.secret, c, c.signature)).toBe(true);
    expect(signatureMatches(vectors.secret, { ...c, path: `${c.path}x` }, c.signature)).toBe(false);
  });

  it('parses Authorization at the last colon', () => {
    expect(parseSvcAuthorization('SVC a.b.c:c2ln')).toEqual({ token: 'a.b.c', signature: 'c2ln' });
    for (const bad of [undefined, '', 'SVC', 'SVC token', 'SVC :sig', 'SVC token:', 'Bearer a:b'])
      expect(parseSvcAuthorization(bad)).toBeNull();
  });

  it('parses RFC 1123 and the double-space numeric-zone form', () => {
    expect(parseHttpDate('Tue, 27 Jun 2017 18:03:47 GMT')?.toISOString()).toBe(
      '2017-06-27T18:03:47.000Z',
    );
    expect(parseHttpDate('Tue, 27 Jun 2017  18:03:47 +0000')?.toISOString()).toBe(
      '2017-06-27T18:03:47.000Z',
    );
    expect(parseHttpDate('yesterday')).toBeNull();
  });
});
