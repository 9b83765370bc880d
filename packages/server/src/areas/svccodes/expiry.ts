import type { SvccodeRow } from './svccodes-repo.js';

export const isExpired = (code: Pick<SvccodeRow, 'expires_at'>, now: Date) =>
  new Date(code.expires_at).getTime() <= now.getTime();
