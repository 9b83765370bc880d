import { isExpired } from './expiry.js';
import type { SvccodeRow } from './svccodes-repo.js';

/** `GET /svccodes/{id}` without `wait` holds its answer up to this long. */
export const defaultWaitSeconds = 25;

/**
 * How long a status read may hold its answer: until a device pairs (the pairing wakes it), the
 * code's expiry while that is ahead, or `waitSeconds`, whichever is first. A paired code answers at
 * once. A code that already expired unpaired can no longer change, so it is held the whole wait:
 * a widget that polls again at once after each answer makes one request per wait, never a busy
 * loop (docs/decisions/svccodes.md).
 */
export function statusHoldMs(
  code: Pick<SvccodeRow, 'expires_at' | 'paired_device'>,
  now: Date,
  waitSeconds: number,
): number {
  if (code.paired_device) return 0;
  const waitMs = waitSeconds * 1000;
  if (isExpired(code, now)) return waitMs;
  return Math.min(waitMs, new Date(code.expires_at).getTime() - now.getTime());
}
