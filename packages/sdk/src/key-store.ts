import type { DeviceKeys } from './device-keys.js';

/**
 * Where an app keeps its device keys between runs: `indexedDbKeyStore` in browsers (the
 * non-extractable keys themselves), `fileKeyStore` from `@svc/sdk/node` (JWKs in a file), or
 * your platform's keychain behind the same two calls.
 */
export interface DeviceKeyStore {
  /** The saved keys, or null before the first `save`. */
  load(): Promise<DeviceKeys | null>;
  save(keys: DeviceKeys): Promise<void>;
}
