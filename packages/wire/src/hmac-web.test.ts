import { describe, expect, it } from 'vitest';
import vectors from '../test/vectors/hmac.json' with { type: 'json' };
import * as node from './hmac.js';
import { hmacSignature, stringToSign, svcAuthorization } from './hmac-web.js';

describe('SVC HMAC on WebCrypto (the vectors of the Node signer)', () => {
  it.each(vectors.cases)('$name', async (c) => {
    expect(stringToSign(c)).toBe(c.stringToSign);
    expect(await hmacSignature(vectors.secret, c)).toBe(c.signature);
    expect(await svcAuthorization('a.b.c', vectors.secret, c)).toBe(`SVC a.b.c:${c.signature}`);
  });

  it('signs what Node signs: byte bodies, non-ASCII text, another and an empty secret', async () => {
    const [c] = vectors.cases;
    if (!c) throw new Error('no vector');
    const bodies = [new TextEncoder().encode(c.body), '{"name":"Zoë ✓"}', new Uint8Array([0, 255])];
    for (const body of bodies)
      for (const secret of [vectors.secret, `${vectors.secret}x`, '', 'k'.repeat(100)])
        expect(await hmacSignature(secret, { ...c, body })).toBe(
          node.hmacSignature(secret, { ...c, body }),
        );
  });
});
