import { KeyObject, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derSignature } from './der-signature.js';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));

describe('derSignature', () => {
  it('writes minimal INTEGERs: leading zeros dropped, a zero before a high bit', () => {
    const r = `${'00'.repeat(31)}01`;
    const s = `80${'11'.repeat(31)}`;
    expect(Buffer.from(derSignature(bytes(r + s))).toString('hex')).toBe(`3026020101022100${s}`);
    const zero = '00'.repeat(32);
    expect(Buffer.from(derSignature(bytes(zero + zero))).toString('hex')).toBe('3006020100020100');
  });

  it.each([
    ['P-256', 64],
    ['P-384', 96],
  ] as const)('turns WebCrypto %s signatures into DER that Node verifies', async (curve, size) => {
    const algorithm = { name: 'ECDSA', namedCurve: curve };
    const keys = await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify']);
    const key = KeyObject.from(keys.publicKey);
    const data = new TextEncoder().encode('signed text');
    for (let round = 0; round < 100; round++) {
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, data),
      );
      expect(raw).toHaveLength(size);
      const der = derSignature(raw);
      expect(verify('sha256', data, { key, dsaEncoding: 'der' }, der)).toBe(true);
    }
  });
});
