import { readFile, rename, writeFile } from 'node:fs/promises';
import { exportDeviceKeys, importDeviceKeys, type DeviceKeysJwk } from './device-keys.js';
import type { DeviceKeyStore } from './key-store.js';

/**
 * Device keys as private JWKs in a JSON file, readable by its owner only. The keys it loads are
 * extractable: the file holds them in the clear anyway, and saving them again needs them.
 */
export function fileKeyStore(path: string): DeviceKeyStore {
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        return await importDeviceKeys(JSON.parse(text) as DeviceKeysJwk, { extractable: true });
      } catch (error) {
        throw new Error(`${path}: ${(error as Error).message}`);
      }
    },
    async save(keys) {
      // Replaced whole (a new file renamed over it), so a crash never leaves half a key.
      const temporary = `${path}.${process.pid}.tmp`;
      const text = `${JSON.stringify(await exportDeviceKeys(keys), null, 2)}\n`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, path);
    },
  };
}
