import { assertThat } from '../../core/errors.js';
import type { SvccodesDeps } from './deps.js';
import { isExpired } from './expiry.js';
import { svccodePaired } from './signals.js';
import { findSvccode } from './svccodes-repo.js';

/**
 * `{id, paired}` of a code. With `waitSeconds`, holds the answer until the code is paired (woken at
 * once by the pairing), it expires, or the time is up. A code that expired unpaired can never pair
 * and answers 404, which tells a widget to show a fresh one; a paired code stays readable.
 */
export async function svccodeStatus(
  deps: SvccodesDeps,
  id: string,
  waitSeconds = 0,
): Promise<{ id: string; paired: boolean }> {
  const read = async () => {
    const code = await findSvccode(deps.db, id);
    const paired = Boolean(code?.paired_device);
    assertThat(code && (paired || !isExpired(code, deps.clock.now())), 'SVCCODE_NOT_FOUND');
    return { code, paired };
  };
  const first = await read();
  if (first.paired || waitSeconds <= 0) return { id, paired: first.paired };
  const untilExpiry = new Date(first.code.expires_at).getTime() - deps.clock.now().getTime();
  const woken = deps.waiters.wait(svccodePaired(id), Math.min(waitSeconds * 1000, untilExpiry));
  // Read again now that the waiter is registered: a pairing between the first read and the
  // registration would otherwise go unnoticed until the timeout.
  if ((await read()).paired) return { id, paired: true };
  await woken;
  return { id, paired: (await read()).paired };
}
