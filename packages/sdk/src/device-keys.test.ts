import { describe, expect, it } from 'vitest';
import {
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
