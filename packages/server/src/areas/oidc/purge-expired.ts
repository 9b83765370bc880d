import type { OidcDeps } from './deps.js';
import { purgeExpiredPayloads } from './payloads-repo.js';

/**
 * How long an expired payload is kept: a day. The adapter ignores expired rows, except a CIBA
 * request, which the client still polls past its expiry and must be told expired_token (CIBA
 * Core §11), not invalid_grant for a request that is gone.
 */
const keptAfterExpiryMs = 86_400_000;

/** Drops the provider's payloads expired over a day ago; run by the worker. */
export function purgeExpired(deps: Pick<OidcDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - keptAfterExpiryMs);
  return purgeExpiredPayloads(deps.db, before.toISOString());
}
