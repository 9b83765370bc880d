import { createPrivateKey, sign, webcrypto, type KeyObject } from 'node:crypto';
import { checkpointKeyId, signedCheckpoint, verifierKey } from '@svc/wire';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Db } from '../store/index.js';

interface Key {
  name: string;
  privateKey: KeyObject;
  publicKey: Uint8Array;
}

/**
 * The Ed25519 key that signs every log's checkpoints, named after the server (`<host>/audit`):
 * made on first use, sealed in `audit_keys`, the same for every instance and CLI command on one
 * database (the oldest key on file, whatever name a process would have given a new one).
 */
export class CheckpointKey {
  private key: Promise<Key> | null = null;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    /** The name of a key this process makes. */
    private readonly name: string,
  ) {}

  /** A log's origin line: `<host>/audit/<log id>`. */
  async originOf(logId: string): Promise<string> {
    return `${(await this.load()).name}/${logId}`;
  }

  async verifierKey(): Promise<string> {
    const { name, publicKey } = await this.load();
    return verifierKey(name, publicKey);
  }

  /** The signed note of a checkpoint body. */
  async sign(body: string): Promise<string> {
    const { name, privateKey, publicKey } = await this.load();
    const signature = sign(null, Buffer.from(body), privateKey);
    return signedCheckpoint(body, name, checkpointKeyId(name, publicKey), signature);
  }

  /** The key, read (or made) once. */
  load(): Promise<Key> {
    this.key ??= this.read().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  private async read(): Promise<Key> {
    const row = (await this.oldest()) ?? (await this.make());
    const der = Buffer.from(this.box.open(row.private_sealed), 'base64');
    return {
      name: row.name,
      privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64')),
    };
  }

  private oldest() {
    return this.db
      .selectFrom('audit_keys')
      .selectAll()
      .orderBy('created_at')
      .orderBy('name')
      .limit(1)
      .executeTakeFirst();
  }

  /** A new key; when another process made one at the same time, both use the older. */
  private async make() {
    const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const raw = await webcrypto.subtle.exportKey('raw', pair.publicKey);
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
    await this.db
      .insertInto('audit_keys')
      .values({
        name: this.name,
        private_sealed: this.box.seal(pkcs8.toString('base64')),
        public_key: Buffer.from(raw).toString('base64'),
        created_at: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.oldest();
    if (!row) throw new Error('the audit key vanished after it was made');
    return row;
  }
}
