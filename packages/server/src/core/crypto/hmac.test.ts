import { describe, expect, it } from 'vitest';
import { hmacSignature } from '@svc/wire';
import { parseHttpDate, signatureMatches } from './hmac.js';

describe('SVC HMAC on the server', () => {
  const parts = {
    method: 'GET',
    body: '',
    contentType: '',
    date: 'Tue, 27 Jun 2017 18:03:47 GMT',
    path: '/api/v2/devices/abc',
  };

  it('matches only the signature over the same parts', () => {
    const signature = hmacSignature('secret', parts);
    expect(signatureMatches('secret', parts, signature)).toBe(true);
    expect(signatureMatches('secret', { ...parts, path: `${parts.path}x` }, signature)).toBe(false);
    expect(signatureMatches('other', parts, signature)).toBe(false);
    expect(signatureMatches('secret', parts, signature.slice(1))).toBe(false);
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
