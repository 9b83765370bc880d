import { sha256Hex, type SecretBox } from './crypto/secret-box.js';
import { compiled } from './store/compiled.js';
import type { Db } from './store/index.js';
import type { CredentialKind } from './store/schema.js';

export interface Caller {
  customerId: string;
  kind: CredentialKind;
  /** The first 16 hex digits of the token's SHA-256: names the credential in the audit trail. */
  credential: string;
  /** Decrypted HMAC secret, for the HMAC kinds. */
  secret: string | null;
  /** The one device a `device` credential speaks for; null for the customer-wide kinds. */
  deviceIdentifier: string | null;
}

/**
 * The customer that holds the console's own FIDO organization (areas/console): svc's, no RP's.
 * It holds no credentials, and customer lists leave it out.
 */
export const consoleCustomerId = 'svc-console';

/**
 * How long a running server may go on trusting a credential it has read: a rotation or
 * revocation by the CLI (another process, or another server on the same database) reaches every
 * server within this time, and the CLI waits it out before it returns (`settleCredentialChange`).
 */
export const credentialCacheMs = 1000;

/**
 * Resolves presented tokens to callers. A known token is cached with its decrypted secret for
 * `credentialCacheMs` and then read again, so a request usually costs a map lookup rather than a
 * hash, a query and a decryption. Unknown tokens are never cached: a customer created by the CLI
 * meanwhile works at once.
 */
export class CredentialResolver {
  private readonly cache = new Map<
    string,
    { caller: Caller; sealed: string | null; until: number }
  >();
  private readonly reading = new Map<string, Promise<Caller | null>>();
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly maxEntries = 10_000,
    /** Monotonic milliseconds (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A cached token's caller, or else its read. */
  async resolve(token: string): Promise<Caller | null> {
    const cached = this.cache.get(token);
    if (cached && this.now() < cached.until) return cached.caller;
    // Concurrent requests with the same token share one read when its entry expires.
    let reading = this.reading.get(token);
    if (!reading) {
      reading = this.read(token).finally(() => this.reading.delete(token));
      this.reading.set(token, reading);
    }
    return reading;
  }

  private async read(token: string): Promise<Caller | null> {
    // Taken before the read: a change committed after it is seen once the entry expires.
    const readAt = this.now();
    const cached = this.cache.get(token);
    const tokenHash = sha256Hex(token);
    const row = await credentialByHash.first(this.db, { tokenHash });
    this.cache.delete(token);
    if (!row) return null;
    const caller: Caller = {
      customerId: row.customer_id,
      kind: row.kind,
      credential: tokenHash.slice(0, 16),
      deviceIdentifier: row.device_identifier,
      secret:
        cached && cached.sealed === row.secret_sealed
          ? cached.caller.secret
          : row.secret_sealed === null
            ? null
            : this.box.open(row.secret_sealed),
    };
    if (this.cache.size >= this.maxEntries)
      this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(token, { caller, sealed: row.secret_sealed, until: readAt + credentialCacheMs });
    return caller;
  }
}

const credentialByHash = compiled((db, v: { tokenHash: string }) =>
  db
    .selectFrom('credentials')
    .select(['customer_id', 'kind', 'secret_sealed', 'device_identifier'])
    .where('token_hash', '=', v.tokenHash),
);

export async function customerExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Whether the customer asked svc to check identity documents against the agency. */
export async function verifiesDocuments(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('verify_identity_documents')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.verify_identity_documents === 1;
}

/** The first customer named `demo` (made on a fresh data dir), if any. */
export async function demoCustomerId(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', 'demo')
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}
