import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.js';

describe('encodeBase64', () => {
  it('writes what Buffer writes, for every byte value and for UTF-8 text', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(encodeBase64(every)).toBe(Buffer.from(every).toString('base64'));
    const text = new TextEncoder().encode('thumbprint:nonce é ✓ 🔑');
    expect(encodeBase64(text)).toBe(Buffer.from(text).toString('base64'));
    expect(encodeBase64(new Uint8Array(0))).toBe('');
    expect(decodeBase64(encodeBase64(every))).toEqual(Buffer.from(every));
  });
});
