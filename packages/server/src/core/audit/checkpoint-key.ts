import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { checkpointKeyId, signedCheckpoint, verifierKey } from '@svc/wire';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Db } from '../store/index.js';

interface Key {
  privateKey: KeyObject;
  publicKey: Uint8Array;
}

/**
 * The Ed25519 key that signs every log's checkpoints, named after the server (`<host>/audit`):
 * made on first use, sealed in `audit_keys`, the same for every instance on one database.
 */
export class CheckpointKey {
  private key: Promise<Key> | null = null;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    readonly name: string,
  ) {}

  /** A log's origin line: `<host>/audit/<log id>`. */
  originOf(logId: string): string {
    return `${this.name}/${logId}`;
  }

  async verifierKey(): Promise<string> {
    return verifierKey(this.name, (await this.load()).publicKey);
  }

  /** The signed note of a checkpoint body. */
  async sign(body: string): Promise<string> {
    const { privateKey, publicKey } = await this.load();
    const signature = sign(null, Buffer.from(body), privateKey);
    return signedCheckpoint(body, this.name, checkpointKeyId(this.name, publicKey), signature);
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
    const pair = generateKeyPairSync('ed25519');
    // The raw public key is the last 32 bytes of its SPKI DER.
    const raw = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    const pkcs8 = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await this.db
      .insertInto('audit_keys')
      .values({
        name: this.name,
        private_sealed: this.box.seal(pkcs8),
        public_key: Buffer.from(raw).toString('base64'),
        created_at: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('audit_keys')
      .selectAll()
      .where('name', '=', this.name)
      .executeTakeFirstOrThrow();
    const der = Buffer.from(this.box.open(row.private_sealed), 'base64');
    return {
      privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64')),
    };
  }
}
