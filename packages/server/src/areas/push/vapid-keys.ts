import webpush from 'web-push';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/store/index.js';

export interface VapidKeyPair {
  /** Uncompressed P-256 point, base64url: a browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

const name = 'vapid_keys';

/**
 * The service's VAPID key pair (RFC 8292), made once and kept like the signing keys: in the
 * database, the private key sealed with the master key, so every instance signs with the same
 * one and subscriptions outlive restarts. The first use makes it; concurrent first uses agree
 * (one insert wins and every instance reads that one).
 */
export class VapidKeys {
  private pair: Promise<VapidKeyPair> | null = null;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  get(): Promise<VapidKeyPair> {
    this.pair ??= this.load().catch((err: unknown) => {
      this.pair = null;
      throw err;
    });
    return this.pair;
  }

  private async load(): Promise<VapidKeyPair> {
    const stored = await this.stored();
    if (stored) return stored;
    const fresh = webpush.generateVAPIDKeys();
    const value = JSON.stringify({ ...fresh, privateKey: this.box.seal(fresh.privateKey) });
    await this.db
      .insertInto('settings')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const kept = await this.stored();
    if (!kept) throw new Error('the VAPID keys were not stored');
    return kept;
  }

  private async stored(): Promise<VapidKeyPair | undefined> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return undefined;
    const { publicKey, privateKey } = JSON.parse(row.value) as VapidKeyPair;
    return { publicKey, privateKey: this.box.open(privateKey) };
  }
}
