import { KeyObject, sign, webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import rfc7638 from '../../../test/vectors/rfc7638.json' with { type: 'json' };
import { deviceSigHeader, generateDeviceKeys, publicJwk } from '@svc/sdk';
import { buildDeviceSig } from '@svc/wire';
import { verifyDeviceSig } from './device-sig.js';

function deps(jwk: JWK, thumbprint: string, seen = new Set<string>()) {
  return {
    findByThumbprint: async (tp: string) =>
      tp === thumbprint ? { identifier: 'dev-1', jwk } : null,
    useNonce: async (value: string) => !seen.has(value) && Boolean(seen.add(value)),
  };
}

describe('X-Device-Sig', () => {
  it('computes the RFC 7638 example thumbprint', async () => {
    expect(await calculateJwkThumbprint(rfc7638.jwk as JWK, 'sha256')).toBe(rfc7638.thumbprint);
  });

  it('accepts ES256 in DER and in raw r‖s, rejects a replayed nonce', async () => {
    const { device } = await generateDeviceKeys();
    const jwk = await publicJwk(device);
    const tp = await calculateJwkThumbprint(jwk, 'sha256');
    const d = deps(jwk, tp);
    const header = await deviceSigHeader(device, 'nonce-1');
    expect(await verifyDeviceSig(header, d)).toMatchObject({ identifier: 'dev-1' });
    expect(await verifyDeviceSig(header, d)).toMatch(/already used/);
    const raw = await buildDeviceSig(tp, 'nonce-2', (text) => {
      const signature = sign('sha256', Buffer.from(text), {
        key: KeyObject.from(device.privateKey),
        dsaEncoding: 'ieee-p1363',
      });
      expect(signature.length).toBe(64);
      return signature;
    });
    expect(await verifyDeviceSig(raw, d)).toMatchObject({ identifier: 'dev-1' });
  });

  it('accepts RS256', async () => {
    const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048 };
    const exponent = new Uint8Array([1, 0, 1]);
    const keys = await webcrypto.subtle.generateKey({ ...rsa, publicExponent: exponent }, false, [
      'sign',
      'verify',
    ]);
    const jwk = await publicJwk(keys);
    expect(
      await verifyDeviceSig(
        await deviceSigHeader(keys),
        deps(jwk, await calculateJwkThumbprint(jwk, 'sha256')),
      ),
    ).toMatchObject({ identifier: 'dev-1' });
  });

  it('rejects malformed headers, unknown keys and signatures by another key', async () => {
    const privateKey = (await generateDeviceKeys()).device;
    const other = (await generateDeviceKeys()).device;
    const jwk = await publicJwk(privateKey);
    const tp = await calculateJwkThumbprint(jwk, 'sha256');
    for (const bad of [undefined, '', 'abc', 'a.b.c', '!!!.???'])
      expect(typeof (await verifyDeviceSig(bad, deps(jwk, tp)))).toBe('string');
    expect(await verifyDeviceSig(await deviceSigHeader(other), deps(jwk, tp))).toMatch(
      /no registered device/,
    );
    const forged =
      (await deviceSigHeader(privateKey)).split('.')[0] +
      '.' +
      (await deviceSigHeader(other)).split('.')[1];
    expect(await verifyDeviceSig(forged, deps(jwk, tp))).toMatch(/does not verify/);
  });
});
