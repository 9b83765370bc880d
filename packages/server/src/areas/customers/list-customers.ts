import { consoleCustomerId } from '../../core/customers.js';
import type { Db } from '../../core/store/index.js';
import { credentialKinds, type CustomerKind } from './issue-credentials.js';

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
  credentials: CustomerKind[];
  /** When its newest credential was issued (creation or the last rotation). */
  credentials_issued_at: string | null;
}

/** Every customer, oldest first (the console's own is svc's, not a customer's). */
export async function listCustomers(db: Db): Promise<CustomerSummary[]> {
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'name', 'created_at', 'verify_identity_documents', 'number_matching'])
    .where('id', '!=', consoleCustomerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = await db
    .selectFrom('credentials')
    .select(['customer_id', 'kind', 'created_at'])
    .where('device_identifier', 'is', null)
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
