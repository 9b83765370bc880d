import type { Credentials, DeviceKeys } from '@svc/sdk';

/**
 * One account: a device this app enrolled with one relying party of one svc server. Its keys are
 * the non-extractable CryptoKeys themselves (IndexedDB stores them as they are), so no script,
 * this one included, can read them out.
 */
export interface Account {
  /** The device identifier svc gave this app at enrollment. */
  identifier: string;
  /** The svc server it was enrolled with. */
  baseUrl: string;
  userIdentifier: string;
  /** The relying party's name, once a request showed it. */
  relyingParty: string | null;
  credentials: Credentials;
  keys: DeviceKeys | null;
  /** The WebAuthn credential that proves the user's presence (level 2), when one was made. */
  presenceCredentialId?: string;
  /** When the user's driver's license was registered (level 3), if it was. */
  licenseAddedAt?: string;
  enrolledAt: string;
}

const database = 'svc-authenticator';
const table = 'accounts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(table, { keyPath: 'identifier' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('this browser refused storage'));
  });
}

async function inTable<T>(
  mode: IDBTransactionMode,
  ask: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(table, mode);
      const request = ask(transaction.objectStore(table));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onabort = () => reject(transaction.error ?? new Error('storage failed'));
    });
  } finally {
    db.close();
  }
}

export const listAccounts = () => inTable<Account[]>('readonly', (s) => s.getAll());
export const saveAccount = (account: Account) =>
  inTable<unknown>('readwrite', (s) => s.put(account));
export const removeAccount = (identifier: string) =>
  inTable<unknown>('readwrite', (s) => s.delete(identifier));

/**
 * Whether the keys survived: a browser may evict storage, or refuse to keep CryptoKeys (some
 * private modes); an account without usable keys must enroll again.
 */
export function hasKeys(account: Account): boolean {
  const keys = account.keys;
  return Boolean(keys?.device?.privateKey && keys.auth?.privateKey);
}
