import type { Clock } from './clock.js';
import { sha256Hex, type SecretBox } from './crypto/secret-box.js';
import { issueToken } from './crypto/tokens.js';
import type { Ids } from './ids.js';
import { compiled } from './store/compiled.js';
import type { Db } from './store/index.js';
import type { Insertable } from 'kysely';
import type { CredentialKind, CredentialsTable } from './store/schema.js';

export interface CredentialPair {
  token: string;
  secret: string;
}

/** The credentials issued to a customer, each kind shown once (only hashes are kept). */
export interface IssuedCredentials {
  server_credentials: CredentialPair;
  sdk_credentials: CredentialPair;
  user_credentials: CredentialPair;
  sandbox_token: string;
  fido_api_key: string;
}

/** The object `svc customers create --json` prints (the operator contract in the README). */
export interface IssuedCustomer extends IssuedCredentials {
  id: string;
  name: string;
}

export interface CustomerDeps {
  db: Db;
  box: SecretBox;
  ids: Ids;
  clock: Clock;
}

export const credentialKinds: readonly CredentialKind[] = [
  'server',
  'sdk',
  'user',
  'sandbox',
  'fido',
];

/** Where each kind appears in `IssuedCredentials`. */
const fieldOf = {
  server: 'server_credentials',
  sdk: 'sdk_credentials',
  user: 'user_credentials',
  sandbox: 'sandbox_token',
  fido: 'fido_api_key',
} as const satisfies Record<CredentialKind, keyof IssuedCredentials>;

/** New credentials of `kinds` for a customer: what to show once, and the rows to store. */
export async function issueCredentials(
  deps: Omit<CustomerDeps, 'db'>,
  customerId: string,
  kinds: readonly CredentialKind[],
): Promise<{ issued: Partial<IssuedCredentials>; rows: Insertable<CredentialsTable>[] }> {
  const { box, ids, clock } = deps;
  const now = clock.now();
  const issued: Partial<Record<keyof IssuedCredentials, CredentialPair | string>> = {};
  const rows: Insertable<CredentialsTable>[] = [];
  for (const kind of kinds) {
    const token = await issueToken(box, ids, customerId, kind, now);
    // Bearer kinds (sandbox, FIDO API key) are a token alone; the others sign with an HMAC secret.
    const secret = kind === 'sandbox' || kind === 'fido' ? null : ids.random(32);
    issued[fieldOf[kind]] = secret === null ? token : { token, secret };
    rows.push({
      token_hash: sha256Hex(token),
      customer_id: customerId,
      kind,
      secret_sealed: secret === null ? null : box.seal(secret),
      created_at: now.toISOString(),
    });
  }
  return { issued: issued as Partial<IssuedCredentials>, rows };
}

/** Creates a customer with every kind of credential, in one transaction. */
export async function createCustomer(
  deps: CustomerDeps,
  input: { name: string; verifyIdentityDocuments?: boolean; numberMatching?: boolean },
): Promise<IssuedCustomer> {
  const id = deps.ids.uuid();
  const { issued, rows } = await issueCredentials(deps, id, credentialKinds);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('customers')
      .values({
        id,
        name: input.name,
        verify_identity_documents: input.verifyIdentityDocuments ? 1 : 0,
        number_matching: input.numberMatching ? 1 : 0,
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
    await tx.insertInto('credentials').values(rows).execute();
  });
  return { id, name: input.name, ...(issued as IssuedCredentials) };
}

export interface Caller {
  customerId: string;
  kind: CredentialKind;
  /** Decrypted HMAC secret, for the HMAC kinds. */
  secret: string | null;
}

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
    const row = await credentialByHash.first(this.db, { tokenHash: sha256Hex(token) });
    this.cache.delete(token);
    if (!row) return null;
    const caller: Caller = {
      customerId: row.customer_id,
      kind: row.kind,
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
    .select(['customer_id', 'kind', 'secret_sealed'])
    .where('token_hash', '=', v.tokenHash),
);

export async function countCustomers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
