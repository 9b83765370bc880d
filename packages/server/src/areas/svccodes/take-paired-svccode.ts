import { assertThat } from '../../core/errors.js';
import type { SvccodesDeps } from './deps.js';
import { findCustomerSvccode, markRetrieved } from './svccodes-repo.js';

/**
 * Which device paired with the RP's code, answered once: the conditional UPDATE marks it
 * retrieved, so a replayed or concurrent second read sees 404 like an unknown, unpaired or other
 * RP's code (the spec names all of these 404).
 */
export async function takePairedSvccode(
  deps: SvccodesDeps,
  customerId: string,
  id: string,
): Promise<{ id: string; identifier: string }> {
  return deps.db.transaction().execute(async (tx) => {
    const code = await findCustomerSvccode(tx, customerId, id);
    assertThat(code?.paired_device && !code.retrieved_at, 'SVCCODE_NOT_FOUND');
    const taken = await markRetrieved(tx, id, deps.clock.now().toISOString());
    assertThat(taken, 'SVCCODE_NOT_FOUND');
    return { id, identifier: code.paired_device };
  });
}
