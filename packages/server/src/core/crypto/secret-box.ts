import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Seals secrets at rest with AES-256-GCM. Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
    this.key = masterKey;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** A key for another purpose derived from the master key, so one secret protects everything. */
  derive(purpose: string): Buffer {
    return createHmac('sha256', this.key).update(purpose).digest();
  }

  /**
   * Names the key without revealing it (a MAC of a constant): the database keeps the value of its
   * first start, so a later start with another key is caught before any secret fails to open.
   */
  checkValue(): string {
    return this.derive('svc master key check').toString('base64url');
  }
}

function parseKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`${origin} must be 32 bytes, as 64 hex digits or base64`);
  return key;
}

const keyFile = (dataDir: string) => join(dataDir, 'master.key');

/** Where the master key comes from, as messages name it. */
export function masterKeyOrigin(configured: string, dataDir: string): string {
  return configured ? 'SVC_MASTER_KEY' : `the key file ${keyFile(dataDir)}`;
}

/**
 * The configured master key, or the key file in the data dir (created once, mode 0600; the
 * exclusive create lets a CLI and a running server race safely).
 */
export function loadMasterKey(configured: string, dataDir: string): Buffer {
  if (configured) return parseKey(configured, masterKeyOrigin(configured, dataDir));
  const path = keyFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(readFileSync(path, 'utf8'), masterKeyOrigin(configured, dataDir));
}

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whether a presented secret is the one whose SHA-256 (hex) is on file, in constant time. */
export function secretMatches(storedHash: string, presented: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(sha256Hex(presented), 'hex'));
}
