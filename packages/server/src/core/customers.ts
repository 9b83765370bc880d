import type { Clock } from './clock.js';
import { sha256Hex, type SecretBox } from './crypto/secret-box.js';
import { issueToken } from './crypto/tokens.js';
import type { Ids } from './ids.js';
import type { Db } from './store/index.js';
import type { CredentialKind } from './store/schema.js';

export interface CredentialPair {
  token: string;
  secret: string;
}

/** The object `svc customers create --json` prints (the operator contract in the README). */
export interface IssuedCustomer {
  id: string;
  name: string;
  server_credentials: CredentialPair;
  sdk_credentials: CredentialPair;
  user_credentials: CredentialPair;
  sandbox_token: string;
  fido_api_key: string;
}

export interface CustomerDeps {
  db: Db;
  box: SecretBox;
  ids: Ids;
  clock: Clock;
}

/** Creates a customer with every kind of credential, in one transaction. */
export async function createCustomer(
  deps: CustomerDeps,
  input: { name: string; verifyIdentityDocuments?: boolean },
): Promise<IssuedCustomer> {
  const { db, box, ids, clock } = deps;
  const now = clock.now();
  const id = ids.uuid();
  const pair = async (kind: CredentialKind): Promise<CredentialPair> => ({
    token: await issueToken(box, ids, id, kind, now),
    secret: ids.random(32),
  });
  const issued: IssuedCustomer = {
    id,
    name: input.name,
    server_credentials: await pair('server'),
    sdk_credentials: await pair('sdk'),
    user_credentials: await pair('user'),
    sandbox_token: await issueToken(box, ids, id, 'sandbox', now),
    fido_api_key: await issueToken(box, ids, id, 'fido', now),
  };
  const rows: { kind: CredentialKind; token: string; secret: string | null }[] = [
    { kind: 'server', ...issued.server_credentials },
    { kind: 'sdk', ...issued.sdk_credentials },
    { kind: 'user', ...issued.user_credentials },
    { kind: 'sandbox', token: issued.sandbox_token, secret: null },
    { kind: 'fido', token: issued.fido_api_key, secret: null },
  ];
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('customers')
      .values({
        id,
        name: input.name,
        verify_identity_documents: input.verifyIdentityDocuments ? 1 : 0,
        created_at: now.toISOString(),
      })
      .execute();
    await tx
      .insertInto('credentials')
      .values(
        rows.map((r) => ({
          token_hash: sha256Hex(r.token),
          customer_id: id,
          kind: r.kind,
          secret_sealed: r.secret === null ? null : box.seal(r.secret),
          created_at: now.toISOString(),
        })),
      )
      .execute();
  });
  return issued;
}

export interface Caller {
  customerId: string;
  kind: CredentialKind;
  /** Decrypted HMAC secret, for the HMAC kinds. */
  secret: string | null;
}

/**
 * Resolves presented tokens to callers. Known tokens and their decrypted secrets are cached in
 * memory (bounded), so a request costs a map lookup rather than a hash, a query and a decryption.
 */
export class CredentialResolver {
  private readonly cache = new Map<string, Caller | null>();
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly maxEntries = 10_000,
  ) {}

  async resolve(token: string): Promise<Caller | null> {
    const cached = this.cache.get(token);
    if (cached) return cached;
    const hash = sha256Hex(token);
    const row = await this.db
      .selectFrom('credentials')
      .select(['customer_id', 'kind', 'secret_sealed'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return null; // unknown tokens are not cached: a customer created by the CLI meanwhile must work at once
    const caller: Caller = {
      customerId: row.customer_id,
      kind: row.kind,
      secret: row.secret_sealed === null ? null : this.box.open(row.secret_sealed),
    };
    if (this.cache.size >= this.maxEntries)
      this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(token, caller);
    return caller;
  }

  /** Drops cached entries, e.g. after credentials of a customer were rotated or revoked. */
  invalidate(): void {
    this.cache.clear();
  }
}

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
