import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import type { CredentialRow } from './credentials-repo.js';

/** The transports the authenticator reported at registration (kept as JSON): browser hints. */
export function transportsOf(row: CredentialRow): AuthenticatorTransportFuture[] {
  return JSON.parse(row.transports) as AuthenticatorTransportFuture[];
}
