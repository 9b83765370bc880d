import type { SvccodeRow } from './svccodes-repo.js';

/** How long a code that expired unpaired still answers `{id, paired: false}` (then 404). */
export const unpairedAfterExpiryMs = 60 * 60 * 1000;

export const isExpired = (code: Pick<SvccodeRow, 'expires_at'>, now: Date) =>
  new Date(code.expires_at).getTime() <= now.getTime();

/** Expired unpaired an hour ago or more: answered like an id that never existed. */
export const isGone = (code: Pick<SvccodeRow, 'expires_at' | 'paired_device'>, now: Date) =>
  !code.paired_device &&
  new Date(code.expires_at).getTime() + unpairedAfterExpiryMs <= now.getTime();
