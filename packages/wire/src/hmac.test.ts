import { describe, expect, it } from 'vitest';
import vectors from '../test/vectors/hmac.json' with { type: 'json' };
import { hmacSignature, parseSvcAuthorization, stringToSign, svcAuthorization } from './hmac.js';

describe('SVC HMAC (vectors computed independently)', () => {
  it.each(vectors.cases)('$name', (c) => {
    expect(stringToSign(c)).toBe(c.stringToSign);
    expect(hmacSignature(vectors.secret, c)).toBe(c.signature);
    expect(svcAuthorization('a.b.c', vectors.secret, c)).toBe(`SVC a.b.c:${c.signature}`);
  });

  it('keys each signature by its own secret (keys are cached per secret)', () => {
    const [c] = vectors.cases;
    if (!c) throw new Error('no vector');
    const first = hmacSignature(vectors.secret, c);
    expect(hmacSignature(`${vectors.secret}x`, c)).not.toBe(first);
    expect(hmacSignature(vectors.secret, c)).toBe(first);
    expect(hmacSignature('', c)).toBe(hmacSignature('', c));
  });

  it('parses Authorization at the last colon', () => {
    expect(parseSvcAuthorization('SVC a.b.c:c2ln')).toEqual({ token: 'a.b.c', signature: 'c2ln' });
    for (const bad of [undefined, '', 'SVC', 'SVC token', 'SVC :sig', 'SVC token:', 'Bearer a:b'])
      expect(parseSvcAuthorization(bad)).toBeNull();
  });
});
