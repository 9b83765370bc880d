import { consoleCustomerId } from '../../core/customers.js';
import type { ConsoleDeps } from './deps.js';

/**
 * svc's own FIDO organization, whose users are the console's accounts: made on first use, under
 * the console's customer row, with the domain of SVC_PUBLIC_URL (the console's origin).
 */
export async function consoleOrganization(deps: ConsoleDeps): Promise<string> {
  await deps.db
    .insertInto('customers')
    .values({
      id: consoleCustomerId,
      name: 'svc console',
      verify_identity_documents: 0,
      number_matching: 0,
      created_at: deps.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return deps.passkeys.organization(consoleCustomerId, new URL(deps.config.publicUrl).hostname);
}
