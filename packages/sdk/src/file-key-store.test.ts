import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDeviceKeys, publicJwk } from './device-keys.js';
import { fileKeyStore } from './file-key-store.js';

const folder = mkdtempSync(join(tmpdir(), 'svc-keys-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('fileKeyStore', () => {
  it('loads null before the first save, then the keys saved, from a file only its owner reads', async () => {
    const path = join(folder, 'device.json');
    const store = fileKeyStore(path);
    expect(await store.load()).toBeNull();
    const keys = await generateDeviceKeys({ extractable: true });
    await store.save(keys);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      device: { kty: 'EC', d: expect.any(String) },
      auth: { kty: 'EC', d: expect.any(String) },
    });
    const loaded = await store.load();
    expect(loaded && (await publicJwk(loaded.device))).toEqual(await publicJwk(keys.device));
    // Loaded keys save again: the file holds them in the clear anyway.
    if (loaded) await store.save(loaded);
  });

  it('refuses keys it cannot write and names the file that holds no keys', async () => {
    const path = join(folder, 'other.json');
    await expect(fileKeyStore(path).save(await generateDeviceKeys())).rejects.toThrow(
      'not extractable',
    );
    writeFileSync(path, '{"device":{}}');
    await expect(fileKeyStore(path).load()).rejects.toThrow(
      `${path}: the device key is not a private JWK`,
    );
  });
});
