import { readFile, rename, writeFile } from 'node:fs/promises';
import { importDeviceKeys, type DeviceKeys, type DeviceKeysJwk } from '@svc/sdk';
import { decodeJwt } from 'jose';

/**
 * What `svc device` keeps between commands: the server and customer it is a device of, the
 * phone's keys and identity, and its credentials: the SDK ones it registered with, or the device
 * credentials of its enrollment (these win).
 */
export interface DeviceFile {
  url: string;
  /** The customer the device belongs to (files written before it name it in their token). */
  customer_id?: string;
  sdk_credentials?: { token: string; secret: string };
  device_credentials?: { token: string; secret: string };
  identifier: string;
  svc_id: string;
  /** Private JWKs: whoever holds them is the device (the file is written mode 0600). */
  keys: DeviceKeysJwk;
  /** The hash `scan-license` registered last, for level-3 answers. */
  document_hash?: string;
}

/** The keys file, or undefined when there is none; a file that is not one is an error. */
export async function readDeviceFile(
  path: string,
): Promise<{ file: DeviceFile; keys: DeviceKeys } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
  let file: DeviceFile;
  try {
    file = JSON.parse(text) as DeviceFile;
  } catch {
    throw new Error(`${path} is not a svc device keys file (not JSON)`);
  }
  if (typeof file !== 'object' || file === null || typeof file.identifier !== 'string')
    throw new Error(`${path} is not a svc device keys file (no identifier)`);
  try {
    // Extractable: `register` writes them back, and the file holds them in the clear anyway.
    return { file, keys: await importDeviceKeys(file.keys, { extractable: true }) };
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}

/** Writes the file readable by its owner only, replacing the old one whole (never half written). */
export async function writeDeviceFile(path: string, file: DeviceFile): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/** The customer credentials speak for: their token's `sub` ('' when it names none). */
export function customerOfToken(token: string): string {
  try {
    return decodeJwt(token).sub ?? '';
  } catch {
    return '';
  }
}

/**
 * Refuses to use a keys file made for another server or customer (a device is known only to the
 * customer it was registered with): says what it holds and what to do.
 */
export function checkOwner(path: string, file: DeviceFile, url: string, customerId?: string): void {
  const credentials = file.device_credentials ?? file.sdk_credentials;
  const owner = file.customer_id ?? customerOfToken(credentials?.token ?? '');
  const otherServer = file.url.replace(/\/+$/, '') !== url.replace(/\/+$/, '');
  // Credentials that name no customer are left for svc to refuse (403).
  if (!otherServer && (!customerId || !owner || owner === customerId)) return;
  throw new Error(
    `${path} holds device ${file.identifier} of customer ${owner || '(unknown)'} at ${file.url}, ` +
      `not of ${otherServer ? url : `customer ${customerId ?? ''}`}: remove it or pass --keys NEWFILE`,
  );
}
