import { sql } from 'kysely';
import {
  countCustomers,
  createCustomer,
  credentialCacheMs,
  credentialKinds,
  issueCredentials,
  type CustomerDeps,
  type IssuedCredentials,
  type IssuedCustomer,
} from './customers.js';
import { onPostgres, type Db } from './store/index.js';
import type { CredentialKind } from './store/schema.js';

/** A customer as `svc customers list` shows it: no secret, only which kinds it holds. */
export interface CustomerSummary {
  id: string;
  name: string;
  created_at: string;
  verify_identity_documents: boolean;
  /** Svcfications of desired_level ≥ 2 use number matching unless the request says otherwise. */
  number_matching: boolean;
  /** `revoked` when it holds no credential (`svc customers revoke`). */
  status: 'active' | 'revoked';
  /** The kinds it holds a credential of, in the order `create` issues them. */
  credentials: CredentialKind[];
  /** When its newest credential was issued (creation or the last rotation). */
  credentials_issued_at: string | null;
}

/** Every customer, oldest first. */
export async function listCustomers(db: Db): Promise<CustomerSummary[]> {
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'name', 'created_at', 'verify_identity_documents', 'number_matching'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = await db
    .selectFrom('credentials')
    .select(['customer_id', 'kind', 'created_at'])
    .execute();
  return customers.map((c) => {
    const own = held.filter((h) => h.customer_id === c.id);
    const issuedAt = own.map((h) => h.created_at).sort();
    return {
      id: c.id,
      name: c.name,
      created_at: c.created_at,
      verify_identity_documents: c.verify_identity_documents === 1,
      number_matching: c.number_matching === 1,
      status: own.length > 0 ? 'active' : 'revoked',
      credentials: credentialKinds.filter((k) => own.some((h) => h.kind === k)),
      credentials_issued_at: issuedAt.at(-1) ?? null,
    };
  });
}

/**
 * Replaces the customer's credentials of `kinds` (default all) with new ones in one transaction:
 * a running server stops taking the old ones within `credentialCacheMs` (see
 * `settleCredentialChange`). A revoked customer gets credentials again. Null when no customer has
 * the id.
 */
export async function rotateCredentials(
  deps: CustomerDeps,
  customerId: string,
  kinds: readonly CredentialKind[] = credentialKinds,
): Promise<({ id: string; name: string } & Partial<IssuedCredentials>) | null> {
  const customer = await deps.db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  const { issued, rows } = await issueCredentials(deps, customer.id, kinds);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('credentials')
      .where('customer_id', '=', customer.id)
      .where('kind', 'in', [...kinds])
      .execute();
    await tx.insertInto('credentials').values(rows).execute();
  });
  return { id: customer.id, name: customer.name, ...issued };
}

/**
 * Deletes every credential of the customer (a running server refuses them within
 * `credentialCacheMs`, see `settleCredentialChange`). Its data
 * stays (devices, svcfications, FIDO users); `rotateCredentials` issues new credentials again.
 * Null when no customer has the id, else how many credentials were deleted.
 */
export async function revokeCredentials(db: Db, customerId: string): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const customer = await tx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) return null;
    const result = await tx
      .deleteFrom('credentials')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Resolves once every running server has stopped trusting what it cached before a rotation or
 * revocation that has committed: the CLI waits for this before it exits, so when `svc customers
 * rotate` or `revoke` returns, the old credentials are refused everywhere.
 */
export function settleCredentialChange(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, credentialCacheMs + 50));
}

/** Turns a customer's number-matching default on or off; false when no customer has the id. */
export async function setNumberMatching(db: Db, customerId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ number_matching: on ? 1 : 0 })
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The PostgreSQL advisory lock that instances starting at once take turns under (any constant). */
const demoCustomerLock = 7_406_512_311;

/**
 * A first start: creates the `demo` customer when the database holds no customer, else null.
 * Instances starting at once on an empty PostgreSQL database check and create under an advisory
 * lock (held by the one connection that runs both), so only the first creates it; SQLite has
 * one server at a time.
 */
export async function createDemoCustomer(deps: CustomerDeps): Promise<IssuedCustomer | null> {
  const locks = onPostgres(deps.db);
  return deps.db.connection().execute(async (db) => {
    if (locks) await sql`select pg_advisory_lock(${demoCustomerLock})`.execute(db);
    try {
      if ((await countCustomers(db)) > 0) return null;
      return await createCustomer({ ...deps, db }, { name: 'demo', verifyIdentityDocuments: true });
    } finally {
      if (locks) await sql`select pg_advisory_unlock(${demoCustomerLock})`.execute(db);
    }
  });
}
