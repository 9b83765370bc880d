import type { DeviceKeys } from './device-keys.js';
import type { DeviceKeyStore } from './key-store.js';

const table = 'keys';
const row = 'device';

/**
 * Device keys in the browser's IndexedDB, database `name`: it stores CryptoKeys as they are
 * (structured clone), so non-extractable keys stay unreadable to scripts, this one included.
 */
export function indexedDbKeyStore(name = 'svc-device'): DeviceKeyStore {
  return {
    load: async () =>
      (await inTable<DeviceKeys | undefined>(name, 'readonly', (t) => t.get(row))) ?? null,
    save: async (keys) => {
      await inTable(name, 'readwrite', (t) => t.put(keys, row));
    },
  };
}

/** Runs one request in a transaction of its own and answers its result once that commits. */
async function inTable<T>(
  name: string,
  mode: IDBTransactionMode,
  ask: (table: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const database = await open(name);
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(table, mode);
      const request = ask(transaction.objectStore(table));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    database.close();
  }
}

function open(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(table);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`cannot open IndexedDB ${name}`));
  });
}
