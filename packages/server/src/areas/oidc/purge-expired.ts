import type { OidcDeps } from './deps.js';
import { purgeExpiredPayloads } from './payloads-repo.js';

/** Drops the provider's expired rows (the adapter already ignores them); run by the worker. */
export function purgeExpired(deps: Pick<OidcDeps, 'db' | 'clock'>): Promise<number> {
  return purgeExpiredPayloads(deps.db, deps.clock.now().toISOString());
}
