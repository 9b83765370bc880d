import type { OidcDeps } from './deps.js';
import { aDayBefore } from '../../core/store/purge.js';
import { purgeExpiredPayloads } from './payloads-repo.js';

/**
 * Drops the provider's payloads expired over a day ago; run by the worker. The adapter ignores
 * expired rows, except a CIBA request: its client still polls past the expiry and must be told
 * expired_token (CIBA Core §11), not invalid_grant for a request that is gone.
 */
export function purgeExpired(deps: Pick<OidcDeps, 'db' | 'clock'>): Promise<number> {
  return purgeExpiredPayloads(deps.db, aDayBefore(deps.clock.now()));
}
