import type { SvccodesDeps } from './deps.js';
import { findCustomerSvccode } from './svccodes-repo.js';

/** The device that paired with a customer's code (a svcfication target), if any. */
export async function pairedDevice(
  deps: Pick<SvccodesDeps, 'db'>,
  customerId: string,
  id: string,
): Promise<string | null> {
  return (await findCustomerSvccode(deps.db, customerId, id))?.paired_device ?? null;
}
