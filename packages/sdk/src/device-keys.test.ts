import { execFile } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  exportDeviceKeys,
  generateDeviceKeys,
  importDeviceKeys,
  publicJwk,
  type DeviceKeysJwk,
} from './device-keys.js';

describe('generateDeviceKeys', () => {
  it('makes two P-256 pairs whose private keys are non-extractable unless asked', async () => {
    const keys = await generateDeviceKeys();
    for (const pair of [keys.device, keys.auth]) {
      expect(pair.privateKey).toMatchObject({ extractable: false, usages: ['sign'] });
      expect(pair.privateKey.algorithm).toEqual({ name: 'ECDSA', namedCurve: 'P-256' });
    }
    expect(await publicJwk(keys.device)).not.toEqual(await publicJwk(keys.auth));
    await expect(exportDeviceKeys(keys)).rejects.toThrow('the device key is not extractable');
    const open = await generateDeviceKeys({ extractable: true });
    expect(open.auth.privateKey.extractable).toBe(true);
  });

  it('never deadlocks a process that makes and exports keys (the ECDH workaround is not needed)', async () => {
    // Node 20 did with generateKeyPairSync('ec') within 5,000–13,500 rounds (docs/decisions/
    // http.md), so this makes 20,000 keys. The built module, in a process of its own with a tiny
    // young generation (the collector runs often): a deadlock blocks its main thread for good.
    const built = fileURLToPath(new URL('../dist/device-keys.js', import.meta.url));
    const rounds = `import { exportDeviceKeys, generateDeviceKeys } from ${JSON.stringify(built)};
      for (let i = 0; i < 10000; i++)
        await exportDeviceKeys(await generateDeviceKeys({ extractable: true }));
      console.log('done');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-semi-space-size=1', '--input-type=module', '-e', rounds],
      { timeout: 90_000, killSignal: 'SIGKILL' },
    );
    expect(stdout.trim()).toBe('done');
  });
});

describe('publicJwk', () => {
  it('is the public members only, as node:crypto exported them', async () => {
    const keys = await generateDeviceKeys({ extractable: true });
    const { device } = await exportDeviceKeys(keys);
    const fromNode = createPublicKey(createPrivateKey({ key: device, format: 'jwk' })).export({
      format: 'jwk',
    });
    expect(await publicJwk(keys.device)).toEqual(fromNode);
    expect(Object.keys(await publicJwk(keys.device)).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });
});

describe('exportDeviceKeys / importDeviceKeys', () => {
  it('round-trips both private keys through JSON, non-extractable unless asked', async () => {
    const keys = await generateDeviceKeys({ extractable: true });
    const jwks = JSON.parse(JSON.stringify(await exportDeviceKeys(keys))) as DeviceKeysJwk;
    expect(jwks.device).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    const back = await importDeviceKeys(jwks);
    expect(back.device.privateKey.extractable).toBe(false);
    expect(await publicJwk(back.device)).toEqual(await publicJwk(keys.device));
    expect(await publicJwk(back.auth)).toEqual(await publicJwk(keys.auth));
    const again = await importDeviceKeys(jwks, { extractable: true });
    expect(await exportDeviceKeys(again)).toEqual(jwks);
  });

  it('reads the JWKs node:crypto wrote (keys files of earlier versions), EC and RSA', async () => {
    const ec = (await generateDeviceKeys({ extractable: true })).device.privateKey;
    const rsa = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        hash: 'SHA-256',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
      },
      true,
      ['sign', 'verify'],
    );
    // What KeyObject.export({ format: 'jwk' }) wrote: the key's members, no key_ops or ext.
    const asNode = async (key: CryptoKey) =>
      createPrivateKey({
        key: (await crypto.subtle.exportKey('jwk', key)) as DeviceKeysJwk['device'],
        format: 'jwk',
      }).export({ format: 'jwk' });
    const jwks = { device: await asNode(ec), auth: await asNode(rsa.privateKey) };
    expect(Object.keys(jwks.device).sort()).toEqual(['crv', 'd', 'kty', 'x', 'y']);
    const keys = await importDeviceKeys(jwks);
    expect(keys.auth.privateKey.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    expect(await publicJwk(keys.auth)).toEqual(await publicJwk(rsa));
  });

  it('names the key that is missing, public only or broken', async () => {
    const { device, auth } = await exportDeviceKeys(
      await generateDeviceKeys({ extractable: true }),
    );
    await expect(importDeviceKeys({ device } as DeviceKeysJwk)).rejects.toThrow(
      'the auth key is not a private JWK',
    );
    await expect(importDeviceKeys({ device: { ...device, d: undefined }, auth })).rejects.toThrow(
      'the device key is not a private JWK',
    );
    await expect(importDeviceKeys({ device, auth: { ...auth, x: 'AAAA' } })).rejects.toThrow(
      'the auth key is not a usable private JWK',
    );
  });
});
