import { KeyObject, verify } from 'node:crypto';
import { decodePayload, parseDeviceSig } from '@svc/wire';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateDeviceKeys, publicJwk } from './device-keys.js';
import { deviceSigHeader, signedPayload, signSha256 } from './device-signatures.js';

/** Whether node:crypto verifies `signature` as before WebCrypto: ES256 in DER, or RS256. */
const verifies = (keys: CryptoKeyPair, text: string, signature: Uint8Array) => {
  const key = KeyObject.from(keys.publicKey);
  return verify('sha256', Buffer.from(text), { key, dsaEncoding: 'der' }, signature);
};

const rsaKeys = () =>
  crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      hash: 'SHA-256',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
    },
    false,
    ['sign', 'verify'],
  );

describe('deviceSigHeader', () => {
  it('names each key by its own RFC 7638 thumbprint, call after call', async () => {
    const [one, two] = [(await generateDeviceKeys()).device, (await generateDeviceKeys()).device];
    const thumbprintIn = async (header: Promise<string>) =>
      parseDeviceSig(await header)?.thumbprint;
    for (const key of [one, two, one, two]) {
      const expected = await calculateJwkThumbprint(await publicJwk(key), 'sha256');
      expect(await thumbprintIn(deviceSigHeader(key))).toBe(expected);
    }
    expect(await thumbprintIn(deviceSigHeader(one))).not.toBe(
      await thumbprintIn(deviceSigHeader(two)),
    );
  });

  it('signs its first part in DER (ES256) or RS256, as node:crypto did', async () => {
    for (const keys of [(await generateDeviceKeys()).device, await rsaKeys()]) {
      const parts = parseDeviceSig(await deviceSigHeader(keys, 'nonce-1'));
      expect(parts?.nonce).toBe('nonce-1');
      expect(verifies(keys, parts?.signedText ?? '', parts?.signature ?? Buffer.alloc(0))).toBe(
        true,
      );
    }
    const { signature } =
      parseDeviceSig(await deviceSigHeader((await generateDeviceKeys()).device)) ?? {};
    expect(signature?.[0]).toBe(0x30); // a DER SEQUENCE, not 64 bytes of r‖s
  });
});

describe('signedPayload and signSha256', () => {
  it('sign exactly the JSON text sent, and the text given, in base64', async () => {
    const { device } = await generateDeviceKeys();
    const parts = decodePayload(
      await signedPayload(device, {
        type: 'user_presence',
        svcfication_id: 's',
        device_identifier: 'd',
      }),
    );
    if (typeof parts === 'string') throw new Error(parts);
    expect(verifies(device, parts.signedText, parts.signature)).toBe(true);
    const text = 'any text é';
    expect(verifies(device, text, Buffer.from(await signSha256(device, text), 'base64'))).toBe(
      true,
    );
  });
});
