import { credentialCacheMs } from '../../core/customers.js';

/**
 * Resolves once every running server has stopped trusting what it cached before a rotation or
 * revocation that has committed: the CLI waits for this before it exits, so when `svc customers
 * rotate` or `revoke` returns, the old credentials are refused everywhere.
 */
export function settleCredentialChange(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, credentialCacheMs + 50));
}
