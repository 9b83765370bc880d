import { parseDeviceSig } from '@svc/wire';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  deviceSigHeader,
  exportDeviceKeys,
  generateDeviceKeys,
  importDeviceKeys,
  publicJwk,
  type DeviceKeysJwk,
} from './device-keys.js';

describe('exportDeviceKeys / importDeviceKeys', () => {
  it('round-trips both private keys through JSON', () => {
    const keys = generateDeviceKeys();
    const jwks = JSON.parse(JSON.stringify(exportDeviceKeys(keys))) as DeviceKeysJwk;
    expect(jwks.device).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    const back = importDeviceKeys(jwks);
    expect(publicJwk(back.device)).toEqual(publicJwk(keys.device));
    expect(publicJwk(back.auth)).toEqual(publicJwk(keys.auth));
  });

  it('names the key that is missing, public only or broken', () => {
    const { device, auth } = exportDeviceKeys(generateDeviceKeys());
    expect(() => importDeviceKeys({ device } as DeviceKeysJwk)).toThrow(
      'the auth key is not a private JWK',
    );
    expect(() => importDeviceKeys({ device: { ...device, d: undefined }, auth })).toThrow(
      'the device key is not a private JWK',
    );
    expect(() => importDeviceKeys({ device, auth: { ...auth, x: 'AAAA' } })).toThrow(
      'the auth key is not a usable private JWK',
    );
  });
});

describe('deviceSigHeader', () => {
  it('names each key by its own RFC 7638 thumbprint, call after call', async () => {
    const [one, two] = [generateDeviceKeys().device, generateDeviceKeys().device];
    const thumbprintIn = async (header: Promise<string>) =>
      parseDeviceSig(await header)?.thumbprint;
    for (const key of [one, two, one, two]) {
      const expected = await calculateJwkThumbprint(publicJwk(key), 'sha256');
      expect(await thumbprintIn(deviceSigHeader(key))).toBe(expected);
    }
    expect(await thumbprintIn(deviceSigHeader(one))).not.toBe(
      await thumbprintIn(deviceSigHeader(two)),
    );
  });
});
