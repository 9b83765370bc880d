import { sql } from 'kysely';
import { onPostgres } from '../../core/store/index.js';
import { createCustomer } from './create-customer.js';
import { countCustomers } from './customers-repo.js';
import type { CustomerDeps } from './deps.js';
import type { IssuedCustomer } from './issue-credentials.js';

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
