import { assertThat } from '../../core/errors.js';
import type { SvccodesDeps } from './deps.js';
import { isGone } from './expiry.js';
import { svccodePaired } from './signals.js';
import { defaultWaitSeconds, statusHoldMs } from './status-hold.js';
import { findSvccode } from './svccodes-repo.js';

/**
 * `{id, paired}` of a code, held for up to `waitSeconds` (default 25) as `statusHoldMs` rules,
 * woken at once by the pairing. A code that expired unpaired still answers `paired: false` for an
 * hour; after that, like an id that never existed, it is 404. A paired code stays readable.
 */
export async function svccodeStatus(
  deps: SvccodesDeps,
  id: string,
  waitSeconds = defaultWaitSeconds,
  signal?: AbortSignal,
): Promise<{ id: string; paired: boolean }> {
  const read = async () => {
    const code = await findSvccode(deps.db, id);
    assertThat(code && !isGone(code, deps.clock.now()), 'SVCCODE_NOT_FOUND');
    return code;
  };
  const answer = (code: { paired_device: string | null }) => ({
    id,
    paired: Boolean(code.paired_device),
  });
  const first = await read();
  const holdMs = statusHoldMs(first, deps.clock.now(), waitSeconds);
  const deadline = Date.now() + holdMs;
  let code = first;
  while (!code.paired_device && Date.now() < deadline && !signal?.aborted) {
    const paired = deps.waiters.watch(svccodePaired(id), deadline - Date.now(), signal);
    try {
      // Read again now that the watch is on: a pairing between the read and the watch would
      // otherwise go unnoticed until the timeout.
      code = await read();
      if (code.paired_device || !(await paired.woken)) break;
      code = await read(); // woken: paired here or on another instance, or asked to re-check
    } finally {
      paired.cancel();
    }
  }
  return answer(code.paired_device ? code : await read());
}
